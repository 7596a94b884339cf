/**
 * Files beside the sources, read through `new URL('./file', import.meta.url)`: the same bytes in the
 * prerender, the built server (copied elsewhere, without the site) and the dev server.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createDevServer, type RunningServer } from '../src/index.ts';
import { createMemoryLogger } from '../src/log.ts';
import { catchError } from './catch-error.ts';
import { buildSite, tempDir, writeSite } from './helpers.ts';
import { ask, pollUntil } from './poll.ts';
import { startServerProcess } from './server-process.ts';

const about = '# About\n\nWritten beside the route.\n';

/** A site whose routes read a file beside them and, through a shared module, a folder of posts. */
function assetSite(): string {
  return writeSite({
    'src/server/routes/api/about.txt.ts': [
      `import { readFileSync } from 'node:fs';`,
      `import { defineEventHandler } from 'h3';`,
      `const text: string = readFileSync(new URL('./about.md', import.meta.url), 'utf8');`,
      `export default defineEventHandler(() => text);`,
    ].join('\n'),
    'src/server/routes/api/about.md': about,
    'src/server/routes/api/posts/[slug].ts': [
      `import { defineEventHandler, getRouterParam } from 'h3';`,
      `import { readPost } from '../../../../lib/posts.ts';`,
      `export default defineEventHandler((event) => readPost(getRouterParam(event, 'slug')!));`,
    ].join('\n'),
    'src/lib/posts.ts': [
      `import { readFile } from 'node:fs/promises';`,
      `const posts = new URL("../content/", import.meta.url);`,
      `export const readPost = (slug: string): Promise<string> => readFile(new URL(slug + '.md', posts), 'utf8');`,
    ].join('\n'),
    'src/content/hello.md': 'Hello, post\n',
    'src/content/nested/deep.md': 'Deep\n',
    'src/content/.draft.md': 'not published\n',
  });
}

describe('files beside the sources, in build and the built server', () => {
  let dir: string;

  beforeAll(async () => {
    ({ dir } = await buildSite(assetSite(), { config: { name: 'assets', prerender: { routes: ['/api/about.txt', '/api/posts/hello'] } } }));
  });

  it('prerenders routes that read them', () => {
    expect(readFileSync(join(dir, 'public/api/about.txt'), 'utf8')).toBe(about);
    expect(readFileSync(join(dir, 'public/api/posts/hello'), 'utf8')).toBe('Hello, post\n');
  });

  it('copies them next to the server, a folder whole but for its hidden files', () => {
    const assets = readdirSync(join(dir, 'server/assets'));
    expect(assets).toContainEqual(expect.stringMatching(/^about-[\w-]+\.md$/));
    const folder = assets.find((name) => name.startsWith('content-'))!;
    expect(readFileSync(join(dir, 'server/assets', folder, 'nested/deep.md'), 'utf8')).toBe('Deep\n');
    expect(existsSync(join(dir, 'server/assets', folder, '.draft.md'))).toBe(false);
  });

  it('serves them from the built server copied away from the site', async () => {
    const copy = join(tempDir('asset-server-'), 'server');
    cpSync(join(dir, 'server'), copy, { recursive: true });
    const server = await startServerProcess(join(copy, 'index.mjs'));
    try {
      expect((await ask(`${server.url}/api/about.txt`)).body).toBe(about);
      expect((await ask(`${server.url}/api/posts/hello`)).body).toBe('Hello, post\n');
      expect((await ask(`${server.url}/api/posts/nested%2Fdeep`)).status).not.toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('fails the build naming the source and the path when the file is missing', async () => {
    const root = writeSite({
      'src/server/routes/api/x.ts': `import { readFileSync } from 'node:fs';\nimport { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => readFileSync(new URL('./gone.md', import.meta.url), 'utf8'));\n`,
    });
    const error = await catchError(() => build({ root, typecheck: false, logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.code).toBe('COMPILE');
    expect(error.message).toContain(join(root, 'src/server/routes/api/x.ts'));
    expect(error.message).toContain(join(root, 'src/server/routes/api/gone.md'));
  });
});

describe('files beside the sources, in dev', () => {
  let root: string;
  let server: RunningServer;

  beforeAll(async () => {
    root = assetSite();
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves routes that read them, and an edit of the file without a restart', async () => {
    expect((await ask(new URL('/api/about.txt', server.url).href)).body).toBe(about);
    expect((await ask(new URL('/api/posts/hello', server.url).href)).body).toBe('Hello, post\n');
    writeFileSync(join(root, 'src/server/routes/api/about.md'), '# About, edited\n');
    await pollUntil(new URL('/api/about.txt', server.url).href, (answer) => answer.body === '# About, edited\n');
    writeFileSync(join(root, 'src/content/hello.md'), 'Hello, edited post\n');
    await pollUntil(new URL('/api/posts/hello', server.url).href, (answer) => answer.body === 'Hello, edited post\n');
  });
});
