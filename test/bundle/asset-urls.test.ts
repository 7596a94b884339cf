/**
 * Files beside the sources, read through `new URL('./file', import.meta.url)`: the same bytes in the
 * prerender, the built server (copied elsewhere, without the site) and the dev server.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, tempDir, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';
import { startServerProcess } from '../support/server-process.ts';

const about = '# About\n\nWritten beside the route.\n';

/**
 * A site whose routes read a file beside them and, through two shared modules, one folder of posts
 * (each names it: the folder is copied once).
 */
function assetSite(): string {
  const root = writeSite({
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
    'src/server/routes/api/posts.json.ts': [
      `import { defineEventHandler } from 'h3';`,
      `import { listPosts } from '../../../lib/post-list.ts';`,
      `export default defineEventHandler(() => listPosts());`,
    ].join('\n'),
    'src/lib/post-list.ts': [
      `import { readdirSync } from 'node:fs';`,
      `export const listPosts = (): string[] => readdirSync(new URL('../content/', import.meta.url)).sort();`,
    ].join('\n'),
    'src/content/hello.md': 'Hello, post\n',
    'src/content/nested/deep.md': 'Deep\n',
    'src/content/.draft.md': 'not published\n',
  });
  for (const file of ['src/server/routes/api/about.md', 'src/content/nested/deep.md']) utimesSync(join(root, file), written, written);
  return root;
}

/** When the site's copied files were last changed: long before any build. */
const written = new Date('2020-01-02T03:04:05Z');

describe('files beside the sources, in build and the built server', () => {
  let dir: string;
  let lines: string[];

  beforeAll(async () => {
    ({ dir, logger: { lines } } = await buildSite(assetSite(), { config: { name: 'assets', prerender: { routes: ['/api/about.txt', '/api/posts/hello', '/api/posts.json'] } } }));
  });

  it('prerenders routes that read them', () => {
    expect(readFileSync(join(dir, 'public/api/about.txt'), 'utf8')).toBe(about);
    expect(readFileSync(join(dir, 'public/api/posts/hello'), 'utf8')).toBe('Hello, post\n');
    expect(JSON.parse(readFileSync(join(dir, 'public/api/posts.json'), 'utf8'))).toEqual(['hello.md', 'nested']);
  });

  it('copies a folder two modules name once, without a warning', () => {
    expect(readdirSync(join(dir, 'server/assets')).filter((name) => name.startsWith('content-'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('warning')).map((line) => line.split(':')[0])).toEqual(['warning 1 route was written as a file without extension']);
  });

  it('copies them next to the server, a folder whole but for its hidden files', () => {
    const assets = readdirSync(join(dir, 'server/assets'));
    expect(assets).toContainEqual(expect.stringMatching(/^about-[\w-]+\.md$/));
    const folder = assets.find((name) => name.startsWith('content-'))!;
    expect(readFileSync(join(dir, 'server/assets', folder, 'nested/deep.md'), 'utf8')).toBe('Deep\n');
    expect(existsSync(join(dir, 'server/assets', folder, '.draft.md'))).toBe(false);
    // With their sources' times: a route reading a copy's mtime reads its source's, in every build.
    const about = assets.find((name) => name.startsWith('about-'))!;
    expect([statSync(join(dir, 'server/assets', about)).mtime, statSync(join(dir, 'server/assets', folder, 'nested/deep.md')).mtime]).toEqual([written, written]);
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

  it("names a file a route does not find in a copied folder by the site's path, in the failed route's line", async () => {
    const error = await catchError(() => build({ root: assetSite(), typecheck: false, logger: createMemoryLogger(), config: { outDir: tempDir('out-'), prerender: { routes: ['/api/posts/nope'] } } }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain(`(the copy of src/content/ made as the routes were bundled: src/content/nope.md was not there)`);
  });

  it('fails the build naming the source and the path when the file is missing', async () => {
    const root = writeSite({
      'src/server/routes/api/x.ts': `import { readFileSync } from 'node:fs';\nimport { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => readFileSync(new URL('./gone.md', import.meta.url), 'utf8'));\n`,
    });
    const error = await catchError(() => build({ root, typecheck: false, logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.code).toBe('COMPILE');
    expect(error.message).toBe('src/server/routes/api/x.ts reads src/server/routes/api/gone.md through new URL(..., import.meta.url), and there is no such file or folder.');
  });

  it('names the folder a mistyped path may have meant', async () => {
    const root = writeSite({
      'src/server/routes/api/x.ts': `import { readdirSync } from 'node:fs';\nimport { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => readdirSync(new URL('../../../contnet/', import.meta.url)));\n`,
      'src/content/a.md': 'a\n',
    });
    const error = await catchError(() => build({ root, typecheck: false, logger: createMemoryLogger(), config: { outDir: tempDir('out-') } }));
    expect(error.message).toBe("src/server/routes/api/x.ts reads src/contnet through new URL(..., import.meta.url), and there is no such file or folder; did you mean new URL('../../../content/', import.meta.url)?");
  });
});

describe('import.meta.dirname and import.meta.filename in a module of the site', () => {
  it("warns at bundle time at each, naming the server's folder it names when a route runs, and new URL() instead", async () => {
    const root = writeSite({
      'src/lib/site.ts': [
        `import { readFileSync } from 'node:fs';`,
        `import { join } from 'node:path';`,
        `export const readSite = (): string => readFileSync(join(import.meta.dirname, '../content/site.json'), 'utf8');`,
        `export const self: string = import.meta.filename;`,
      ].join('\n'),
      'src/server/routes/api/site.json.ts': `import { defineEventHandler } from 'h3';\nimport { readSite } from '../../../lib/site.ts';\nexport default defineEventHandler(() => readSite());`,
      'src/content/site.json': '{"name":"x"}',
    });
    const logger = createMemoryLogger();
    await catchError(() => build({ root, typecheck: false, logger, config: { outDir: tempDir('out-'), prerender: { routes: ['/api/site.json'] } } }));
    const instead = "a file read by it is looked for there. Name a file beside the source with new URL('./data.json', import.meta.url), or a folder with new URL('../content/', import.meta.url): the build copies either beside the server.";
    expect(logger.lines.filter((line) => line.includes('import.meta.'))).toEqual([
      `warning src/lib/site.ts:3:57: import.meta.dirname names the built server's folder (dist/<name>/server/) when a route runs, not this source's: ${instead}`,
      `warning src/lib/site.ts:4:29: import.meta.filename names the built server's file (dist/<name>/server/index.mjs) when a route runs, not this source's: ${instead}`,
    ]);
  });
});

describe("import.meta.env (Vite's) in a module of the site", () => {
  it('warns at bundle time at each, naming process.env instead, before the route fails on it', async () => {
    const root = writeSite({
      'src/server/routes/api/name.json.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => ({ name: import.meta.env.VITE_SITE_NAME }));\n`,
    });
    const logger = createMemoryLogger();
    const error = await catchError(() => build({ root, typecheck: false, logger, config: { outDir: tempDir('out-'), prerender: { routes: ['/api/name.json'] } } }));
    expect(logger.lines.filter((line) => line.includes('import.meta.env'))).toEqual([
      "warning src/server/routes/api/name.json.ts:2:50: import.meta.env is Vite's, made for its client code; a route runs in Node, where it is undefined (import.meta.env.VITE_X throws). Read process.env.VITE_X, set in the environment the build runs in.",
    ]);
    expect(error.message).toContain("Cannot read properties of undefined (reading 'VITE_SITE_NAME')");
  });
});

describe('new URL(...) with a path the build cannot copy', () => {
  const copied = 'only a literal path starting with ./ or ../ is copied next to the server';

  it('warns at bundle time naming the file, line and column of each, before the route fails on ENOENT', async () => {
    const root = writeSite({
      'src/server/routes/api/page/[name].txt.ts': [
        `import type { H3Event } from 'h3';`,
        `import { readFileSync } from 'node:fs';`,
        `import { defineEventHandler, getRouterParam } from 'h3';`,
        ``,
        `const read = (name: string): string => readFileSync(new URL('./' + name + '.md', import.meta.url), 'utf8');`,
        `const other = (event: H3Event) => new URL(\`../pages/\${getRouterParam(event, 'name')}.md\`, import.meta.url);`,
        `const bare = new URL('notes.md', import.meta.url);`,
        `const absolute = [new URL('https://example.com/x', import.meta.url), new URL('file:///etc/hosts', import.meta.url)];`,
        `export default defineEventHandler((event) => String(other && bare && absolute) && read(getRouterParam(event, 'name')!));`,
      ].join('\n'),
      'src/server/routes/api/page/intro.md': 'Intro\n',
    });
    const logger = createMemoryLogger();
    const error = await catchError(() => build({ root, typecheck: false, logger, config: { outDir: tempDir('out-'), prerender: { routes: ['/api/page/intro.txt'] } } }));
    const file = 'src/server/routes/api/page/[name].txt.ts';
    const warned = [
      `warning ${file}:5:53: new URL() with a path that is not a literal ('./' + name + '.md'): ${copied}; name its folder literally, new URL('./', import.meta.url), then new URL(name + '.md', folder).`,
      `warning ${file}:6:35: new URL() with a path that is not a literal (\`../pages/\${getRouterParam(event, 'name')}.md\`): ${copied}; name its folder literally, new URL('../pages/', import.meta.url), then new URL(\`\${getRouterParam(event, 'name')}.md\`, folder).`,
      `warning ${file}:7:14: new URL() with a path that does not start with ./ or ../ ('notes.md'): ${copied}; write new URL('./notes.md', import.meta.url).`,
    ];
    expect(logger.lines.filter((line) => line.includes('new URL()'))).toEqual(warned);
    // The warnings come before the failure they explain, and are in the report with their code.
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain('ENOENT');
    const report = error.details as { warnings: { code: string; message: string }[] };
    expect(report.warnings.filter((warning) => warning.code === 'ASSET_URL').map((warning) => `warning ${warning.message}`)).toEqual(warned);
  });

  it.each([
    { path: "'content/' + slug", fix: "name its folder literally, new URL('./content/', import.meta.url), then new URL(slug, folder)." },
    { path: "'./posts/post-' + slug + '.md'", fix: "name its folder literally, new URL('./posts/', import.meta.url), then new URL('post-' + slug + '.md', folder)." },
    { path: 'slug', fix: "name the folder of the files literally, relative to this file (new URL('./content/', import.meta.url) for a content/ folder beside it), then new URL(slug, folder)." },
  ])('$path: names the folder its static start says, relative to the file, and the rest of the path', async ({ path, fix }) => {
    const root = writeSite({
      'src/server/routes/api/one.txt.ts': `import { defineEventHandler } from 'h3';\nconst slug = 'a';\nexport const url = new URL(${path}, import.meta.url);\nexport default defineEventHandler(() => 'x');\n`,
    });
    const logger = createMemoryLogger();
    await build({ root, typecheck: false, logger, config: { outDir: tempDir('out-'), prerender: { routes: ['/api/one.txt'] } } });
    expect(logger.lines.filter((line) => line.includes('new URL()'))).toEqual([
      `warning src/server/routes/api/one.txt.ts:3:20: new URL() with a path that is not a literal (${path}): only a literal path starting with ./ or ../ is copied next to the server; ${fix}`,
    ]);
  });

  it('says nothing of literal paths, in modules of packages, or of new URL() without import.meta.url', async () => {
    const root = writeSite({
      'src/server/routes/api/quiet.txt.ts': [
        `import { readFileSync } from 'node:fs';`,
        `import { defineEventHandler } from 'h3';`,
        `import { base } from 'local-pkg';`,
        `const folder = new URL('./', import.meta.url);`,
        `const file = new URL(\`./quiet.md\`, import.meta.url);`,
        `const elsewhere = (name: string) => new URL(name, 'https://example.com/');`,
        `export default defineEventHandler(() => (elsewhere && base && folder ? '' : '-') + readFileSync(file, 'utf8'));`,
      ].join('\n'),
      'src/server/routes/api/quiet.md': 'quiet\n',
      'node_modules/local-pkg/package.json': JSON.stringify({ name: 'local-pkg', type: 'module', exports: './index.js' }),
      'node_modules/local-pkg/index.js': `export const base = (name) => new URL('./' + name, import.meta.url);\n`,
    });
    const { report, dir, logger } = await buildSite(root, { config: { prerender: { routes: ['/api/quiet.txt'] } } });
    expect(readFileSync(join(dir, 'public/api/quiet.txt'), 'utf8')).toBe('quiet\n');
    expect(report.warnings).toEqual([]);
    expect(logger.lines.filter((line) => line.startsWith('warning'))).toEqual([]);
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
    expect(JSON.parse((await ask(new URL('/api/posts.json', server.url).href)).body)).toEqual(['hello.md', 'nested']);
    writeFileSync(join(root, 'src/content/added.md'), 'Added\n');
    await pollUntil(new URL('/api/posts.json', server.url).href, (answer) => answer.body === JSON.stringify(['added.md', 'hello.md', 'nested']));
    expect((await ask(new URL('/api/posts/added', server.url).href)).body).toBe('Added\n');
    // A file the folder does not hold is named in the site, not by its copy in dev's temporary folder.
    const missing = await ask(new URL('/api/posts/nope', server.url).href);
    expect([missing.status, JSON.parse(missing.body).message]).toEqual([500, expect.stringMatching(/^ENOENT: no such file or directory, open '.*\/assets\/content-\w+\/nope\.md' \(the copy of src\/content\/ made as the routes were bundled: src\/content\/nope\.md was not there\)$/)]);
    // Emptied (its hidden file stays): the routes reading it say why, until a file is back.
    for (const file of ['hello.md', 'added.md', 'nested']) rmSync(join(root, 'src/content', file), { recursive: true });
    const empty = await pollUntil(new URL('/api/posts.json', server.url).href, (answer) => answer.status === 500);
    expect(empty.body).toContain('reads the folder src/content through new URL(..., import.meta.url), and it holds no files to copy');
    writeFileSync(join(root, 'src/content/back.md'), 'Back\n');
    await pollUntil(new URL('/api/posts.json', server.url).href, (answer) => answer.body === JSON.stringify(['back.md']));
  });
});
