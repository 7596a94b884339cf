/**
 * What a route reaches while it renders, seen through the bundle's tracked modules
 * (bundle/tracked-modules.ts, runtime/tracked-*.ts) and the prerender's logs (cache/read-tracker.ts):
 * a real bundle of a site, loaded and asked as the prerender does, many routes in flight at once.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../src/bundle/bundle-server.ts';
import type { BundleFacts } from '../../src/bundle/bundle-facts.ts';
import { envValue } from '../../src/cache/module-reads.ts';
import { LoadLog, RouteLog, workingFolder } from '../../src/cache/read-log.ts';
import { startTracking, type ReadTracking } from '../../src/cache/read-tracker.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const variable = 'API_PRERENDER_TEST_TITLE';
const files: Record<string, string> = {
  'package.json': '{ "name": "reads", "type": "module" }',
  'data.json': '{"n":1}',
  'node_modules/fake-cjs/package.json': '{ "name": "fake-cjs", "main": "index.js" }',
  'node_modules/fake-cjs/index.js': "const fs = require('fs');\nexports.read = (file) => fs.readFileSync(file, 'utf8');\n",
  'src/lib/posts.ts': "import { readFile } from 'node:fs/promises';\nlet posts: Promise<string> | undefined;\nexport const loadPosts = () => (posts ??= readFile(new URL('../../data.json', import.meta.url), 'utf8'));\n",
  'src/server/routes/api/own/[name].ts':
    "import { defineEventHandler, getRouterParam } from 'h3';\nimport { readFile } from 'node:fs/promises';\n" +
    "const folder = new URL('../../../../../content/', import.meta.url);\n" +
    'export default defineEventHandler(async (event) => {\n  await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));\n' +
    "  return readFile(new URL(getRouterParam(event, 'name') + '.md', folder), 'utf8');\n});\n",
  'src/server/routes/api/load.ts': `import { defineEventHandler } from 'h3';\nimport fs from 'fs';\nconst data = fs.readFileSync(new URL('../../../../data.json', import.meta.url), 'utf8');\nconst title = process.env.${variable};\nexport default defineEventHandler(() => data + title);\n`,
  'src/server/routes/api/env.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => process.env.${variable} ?? 'none');\n`,
  'src/server/routes/api/fetch.ts': "import { defineEventHandler } from 'h3';\nexport default defineEventHandler(async (event) => (await fetch(event.req.headers.get('x-origin')!)).text());\n",
  'src/server/routes/api/http.ts':
    "import { defineEventHandler } from 'h3';\nimport http from 'node:http';\n" +
    "export default defineEventHandler((event) => new Promise<string>((resolve) => http.get(event.req.headers.get('x-origin')!, (res) => { res.resume(); res.on('end', () => resolve('ok')); })));\n",
  'src/server/routes/api/dns.ts': "import { defineEventHandler } from 'h3';\nimport { lookup } from 'node:dns/promises';\nexport default defineEventHandler(async () => (await lookup('localhost')).family);\n",
  'src/server/routes/api/cjs.ts': "import { defineEventHandler } from 'h3';\nimport { read } from 'fake-cjs';\nexport default defineEventHandler((event) => read(event.req.headers.get('x-file')!));\n",
  'src/server/routes/api/exists.ts': "import { defineEventHandler } from 'h3';\nimport { existsSync, statSync } from 'node:fs';\nexport default defineEventHandler((event) => [existsSync(event.req.headers.get('x-file')!), statSync('data.json', { throwIfNoEntry: false }) === undefined].join());\n",
  'src/server/routes/api/memo.ts': "import { defineEventHandler } from 'h3';\nimport { loadPosts } from '../../../lib/posts';\nexport default defineEventHandler(() => loadPosts());\n",
  'src/server/routes/api/plain.ts': "import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'plain');\n",
  'src/server/routes/api/cwd/[how].ts':
    "import { defineEventHandler, getRouterParam } from 'h3';\nimport nodeProcess, { cwd as imported } from 'node:process';\nconst { cwd: takenApart } = process;\n" +
    "const ways: Record<string, () => string> = { member: () => process.cwd(), global: () => globalThis.process.cwd(), imported: () => imported(), default: () => nodeProcess.cwd(), takenApart: () => takenApart() };\n" +
    "export default defineEventHandler((event) => ways[getRouterParam(event, 'how')!]!());\n",
  'src/server/routes/api/resolve/[how].ts':
    "import { defineEventHandler, getRouterParam } from 'h3';\nimport path, { relative, resolve } from 'node:path';\nimport { resolve as posixResolve } from 'node:path/posix';\n" +
    "const ways: Record<string, () => string> = { relative: () => resolve('content'), absolute: () => resolve('/srv', 'content'), posix: () => posixResolve('content'), member: () => path.posix.resolve('x'), between: () => relative('a', '/b'), join: () => path.join('a', 'b') };\n" +
    "export default defineEventHandler((event) => ways[getRouterParam(event, 'how')!]!());\n",
  'src/server/routes/api/where.ts': "import { defineEventHandler } from 'h3';\nimport { join } from 'node:path';\nconst content = join(process.cwd(), 'content');\nexport default defineEventHandler(() => content);\n",
  'src/server/routes/api/listed.ts':
    "import { defineEventHandler } from 'h3';\nimport { openAsBlob, readdirSync } from 'node:fs';\nimport { opendir } from 'node:fs/promises';\nimport { join } from 'node:path';\n" +
    "export default defineEventHandler(async (event) => {\n  const root = event.req.headers.get('x-root')!;\n  const names = readdirSync(join(root, 'content'), { recursive: true }).length;\n" +
    "  for await (const entry of await opendir(join(root, 'src'))) void entry;\n" +
    "  return `${names} ${(await openAsBlob(join(root, 'data.json'))).size}`;\n});\n",
};
const names = Array.from({ length: 32 }, (_, i) => `post-${i}`);
for (const name of names) files[`content/${name}.md`] = `# ${name}`;

let root: string;
let serverFile: string;
let facts: BundleFacts;
let tracking: ReadTracking;
let bundle: { app: { request(request: Request): Promise<Response> } };
const load = new LoadLog();
const server = createServer((_, res) => res.end('from the network'));

beforeAll(async () => {
  root = writeSite(files);
  serverFile = join(tempDir('out-'), 'server', 'index.mjs');
  const config = await resolveConfig({}, root);
  await bundleServer({ config, logger: createMemoryLogger(), onFacts: (found) => (facts = found) }, serverFile);
  process.env[variable] = 'Title';
  tracking = startTracking();
  bundle = await tracking.run(load, () => import(pathToFileURL(serverFile).href));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  tracking.stop();
  server.close();
  delete process.env[variable];
});

/** Renders `route` with a log of its own, as the prerender does; the body and the log. */
async function render(route: string, headers: Record<string, string> = {}) {
  const log = new RouteLog();
  const body = await tracking.run(log, async () => (await bundle.app.request(new Request(`http://localhost${route}`, { headers }))).text());
  return { body, log, files: [...(log.files?.keys() ?? [])], reads: log.files ?? new Map<string, string[]>() };
}

describe('read tracking', () => {
  it('gives each of 32 routes in flight at once the file it read, and only that', async () => {
    const rendered = await Promise.all(names.map((name) => render(`/api/own/${name}`)));
    for (const [i, name] of names.entries()) {
      expect(rendered[i]!.body).toBe(`# ${name}`);
      // The copy beside the bundle was read; read-places.ts names it by its source.
      expect(rendered[i]!.files).toEqual([join(serverFile, '..', Object.keys(facts.assets).find((copy) => copy.endsWith(`/${name}.md`))!)]);
      expect([...rendered[i]!.reads.values()]).toEqual([['src/server/routes/api/own/[name].ts']]);
      expect(rendered[i]!.log.reachedNetwork || rendered[i]!.log.reachedEnv).toBe(false);
    }
  });

  it("gives the bundle's load what module-level code read, by module, and not to a route", async () => {
    const reads = load.modules.get('src/server/routes/api/load.ts');
    expect(reads && [...reads.files]).toEqual([join(serverFile, '..', Object.keys(facts.assets).find((copy) => copy.includes('data-'))!)]);
    expect(reads && [...reads.env]).toEqual([variable]);
    expect(load.reachedNetwork).toBe(false);
    const { body, log } = await render('/api/load');
    expect(body).toBe('{"n":1}Title');
    // Nothing read: the log made no map at all.
    expect([log.files, log.reachedEnv]).toEqual([undefined, false]);
  });

  // A path made from it names another file when the build runs from another folder (as a relative one).
  it('sees the working folder asked for, every way a module can ask, as the environment', async () => {
    for (const how of ['member', 'global', 'imported', 'default', 'takenApart']) {
      const { body, log } = await render(`/api/cwd/${how}`);
      expect([how, body, log.reachedEnv]).toEqual([how, process.cwd(), true]);
    }
  });

  it('sees path.resolve and path.relative start from the working folder, and only then', async () => {
    const asked = async (how: string) => (await render(`/api/resolve/${how}`)).log.reachedEnv;
    expect(await Promise.all(['relative', 'posix', 'member', 'between'].map(asked))).toEqual([true, true, true, true]);
    expect(await Promise.all(['absolute', 'join'].map(asked))).toEqual([false, false]);
    expect((await render('/api/resolve/relative')).body).toBe(join(process.cwd(), 'content'));
  });

  it("keeps the working folder module-level code asked for as a variable of the load, by its value", async () => {
    expect([...(load.modules.get('src/server/routes/api/where.ts')?.env ?? [])]).toEqual([workingFolder]);
    expect(envValue(workingFolder)).not.toBe(envValue('*'));
    const { body, log } = await render('/api/where');
    expect(body).toBe(join(process.cwd(), 'content'));
    expect(log.reachedEnv).toBe(false);
  });

  it('sees the environment read by a handler', async () => {
    const { body, log } = await render('/api/env');
    expect(body).toBe('Title');
    expect(log.reachedEnv).toBe(true);
    expect((await render('/api/plain')).log.reachedEnv).toBe(false);
  });

  it('sees the network reached by fetch, http and dns', async () => {
    const { port } = server.address() as { port: number };
    const origin = { 'x-origin': `http://127.0.0.1:${port}/` };
    const [viaFetch, viaHttp, viaDns, plain] = await Promise.all([render('/api/fetch', origin), render('/api/http', origin), render('/api/dns'), render('/api/plain')]);
    expect(viaFetch.body).toBe('from the network');
    expect([viaFetch, viaHttp, viaDns, plain].map(({ log }) => log.reachedNetwork)).toEqual([true, true, true, false]);
  });

  it('sees a CommonJS package read through require, and a look at whether a file is there', async () => {
    const cjs = await render('/api/cjs', { 'x-file': join(root, 'data.json') });
    expect(cjs.body).toBe('{"n":1}');
    expect([...cjs.reads]).toEqual([[join(root, 'data.json'), ['node_modules/fake-cjs/index.js']]]);
    const exists = await render('/api/exists', { 'x-file': join(root, 'nothing-here') });
    expect(exists.body).toBe(`false,${String(process.cwd() !== root)}`);
    expect(exists.files.sort()).toEqual([join(process.cwd(), 'data.json'), join(root, 'nothing-here')].sort());
    // `statSync('data.json')` names a file by the working folder: the environment, as the cache sees it.
    expect([cjs.log.reachedEnv, exists.log.reachedEnv]).toEqual([false, true]);
  });

  it('sees a folder listed with recursive as every name below it (a tree), one listed without as its names, and openAsBlob as a read', async () => {
    const { body, log } = await render('/api/listed', { 'x-root': root });
    expect(body).toBe('32 7');
    expect([...(log.trees?.keys() ?? [])]).toEqual([join(root, 'content')]);
    expect([...(log.files?.keys() ?? [])].sort()).toEqual([join(root, 'data.json'), join(root, 'src')]);
    expect(log.reachedEnv).toBe(false);
  });

  it('gives a file a module reads once and keeps to the first route only: what reuse.ts accounts for', async () => {
    const [first, second] = [await render('/api/memo'), await render('/api/memo')];
    expect(first.body).toBe('{"n":1}');
    expect([...first.reads.values()]).toEqual([['src/lib/posts.ts']]);
    expect(second.files).toEqual([]);
    expect(facts.routes['api/memo.ts']!.modules).toContain('src/lib/posts.ts');
  });

  it('notes nothing outside a render, and reads the same', async () => {
    const response = await bundle.app.request(new Request('http://localhost/api/own/post-3'));
    expect(await response.text()).toBe('# post-3');
  });
});
