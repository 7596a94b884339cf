/**
 * Shared by the cache's scenarios (build-with-cache*.test.ts): a site whose routes depend on every
 * kind of input the cache tracks, each handler noting its runs in a file; a content source on a real
 * socket; and the comparison of an incremental build's output with a clean build's.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, join, relative } from 'node:path';
import { expect } from 'vitest';
import type { BuildOptions } from '../../src/index.ts';
import { buildSite, writeSite } from './helpers.ts';

/** The variable a route module reads as it loads, and another route's handler reads as it renders. */
export const greetingVariable = 'API_PRERENDER_TEST_CACHE_GREETING';

/** A handler body that notes the route in `runs` (one line per run), then runs `body` (an expression of `event`). */
const noting = (runs: string, body: string) => `(event) => {\n  appendFileSync(${JSON.stringify(runs)}, event.url.pathname + '\\n');\n  return ${body};\n}`;

/** A route file whose handler notes its runs; `head` goes before it (imports, module-level code). */
export const notingRoute = (runs: string, body: string, head = '') =>
  `import { appendFileSync } from 'node:fs';\nimport { defineEventHandler, getRouterParam } from 'h3';\n${head}\nexport default defineEventHandler(${noting(runs, body)});\n`;

/** Every route of the site {@link writeCacheSite} writes. */
export const cacheSiteRoutes = ['/api/about.txt', '/api/env.txt', '/api/greeting.txt', '/api/items/1.json', '/api/items/2.json', '/api/live.json', '/api/posts.json', '/api/posts/hello.json', '/api/posts/world.json', '/api/version.txt'];

/**
 * A site whose routes each depend on one kind of input: a data module (`src/lib/posts.ts`), a file
 * read through `new URL` (`content/about.md`), a variable read as a module loads (greeting) or as a
 * handler runs (env), a source on the network with `cacheKey` (items) and without (live), nothing
 * (version). Each handler notes its route in `runs`.
 */
export function writeCacheSite(runs: string, source: string, root?: string): string {
  const posts = "import { posts } from '../../../../lib/posts.ts';";
  return writeSite(
    {
      'package.json': '{ "name": "cached", "private": true, "type": "module" }\n',
      'prerender.config.mjs': `export default { prerender: { sitemap: { host: 'https://example.com' }, routes: () => ${JSON.stringify(cacheSiteRoutes)} } };\n`,
      'src/lib/posts.ts': "export const posts = [{ slug: 'hello', title: 'Hello' }, { slug: 'world', title: 'World' }];\n",
      'content/about.md': '# About\n',
      'src/server/routes/api/posts.json.ts': notingRoute(runs, 'posts', posts.replace('../../../../', '../../../')),
      'src/server/routes/api/posts/[slug].json.ts': notingRoute(runs, "posts.find((post) => post.slug === getRouterParam(event, 'slug'))", posts),
      'src/server/routes/api/about.txt.ts': notingRoute(runs, "readFile(new URL('../../../../content/about.md', import.meta.url), 'utf8')", "import { readFile } from 'node:fs/promises';"),
      'src/server/routes/api/greeting.txt.ts': notingRoute(runs, 'greeting', `const greeting = process.env.${greetingVariable} ?? 'hello';`),
      'src/server/routes/api/env.txt.ts': notingRoute(runs, `process.env.${greetingVariable} ?? 'hello'`),
      'src/server/routes/api/version.txt.ts': notingRoute(runs, "'v1'"),
      'src/server/routes/api/items/[id].json.ts': notingRoute(
        runs,
        `fetch(${JSON.stringify(source)} + '/items/' + getRouterParam(event, 'id')).then((response) => response.json())`,
        `export const cacheKey = async ({ params }) => String((await (await fetch(${JSON.stringify(source)} + '/versions')).json())[params.id.replace('.json', '')]);`,
      ),
      'src/server/routes/api/live.json.ts': notingRoute(runs, `fetch(${JSON.stringify(source)} + '/items/1').then((response) => response.json())`),
    },
    root,
  );
}

/** The routes whose handlers ran since the last call, sorted; the record is emptied. */
export function takeRuns(runs: string): string[] {
  if (!existsSync(runs)) return [];
  const lines = readFileSync(runs, 'utf8').split('\n').filter(Boolean).sort();
  rmSync(runs);
  return lines;
}

/** A content source: `/items/<n>` answers item n, `/versions` the version of each; `bump(n)` changes item n. */
export async function startSource() {
  const versions: Record<string, number> = { 1: 1, 2: 1 };
  const server = createServer((request, response) => {
    const id = /^\/items\/(\d+)$/.exec(request.url ?? '')?.[1];
    const body = request.url === '/versions' ? versions : id && id in versions ? { id: Number(id), version: versions[id] } : undefined;
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bump: (id: number) => void versions[id]++,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every file under `dir` (relative path -> content), the manifest's timings taken out, and the report page (which shows them). */
export function readOutput(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'report.html') continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    files[relative(dir, path)] = path.endsWith('prerender-manifest.json') ? text.replace(/,"ms":[\d.]+/g, '') : text;
  }
  return files;
}

/**
 * Builds `root` again without the cache, into a folder of its own, and expects `dir` (the output of
 * an incremental build of the same inputs) to hold exactly the same files, byte for byte. The runs
 * of that build are not noted in `runs`.
 */
export async function expectCleanOutput(root: string, dir: string, runs: string, options: BuildOptions = {}): Promise<void> {
  const before = existsSync(runs) ? readFileSync(runs) : undefined;
  // Beside `dir`, so that the source maps name the sources by the same relative paths.
  const clean = await buildSite(root, { ...options, config: { ...options.config, cache: false, outDir: join(dir, '..', '..', `clean-${basename(dirname(dir))}`) } });
  if (before) writeFileSync(runs, before);
  else rmSync(runs, { force: true });
  expect(readOutput(dir)).toEqual(readOutput(clean.dir));
}

/** The inode of a file: a hard link shares it, a copy does not. */
export const inode = (path: string) => statSync(path).ino;
