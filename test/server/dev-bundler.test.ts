/**
 * Rebuilds of `prerender dev` that reuse the build before (Rollup's cache, the sources it read, the
 * modules it wrote): whatever changed must be read again, on a site of many route files sharing one
 * module, through route files that are links, and where a module turns CommonJS or back.
 */
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { route, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';

const api = 'src/server/routes/api';
const routeCount = 40;
const shared = 'src/shared/price.ts';
const priceRoute = (i: number) =>
  `import { defineEventHandler } from 'h3';\nimport { formatPrice } from '../../../../shared/price';\n\nexport default defineEventHandler(() => formatPrice(${i}));\n`;

describe('dev rebuilds of a site whose route files share a module', () => {
  let root: string;
  let server: RunningServer;
  const logger = createMemoryLogger();
  const alone = () => new URL('/api/alone', server.url).href;
  const url = (i: number) => new URL(`/api/group-${i % 2}/item-${i}`, server.url).href;
  const every = async (expected: (i: number) => string) => {
    for (let i = 0; i < routeCount; i++) {
      const answer = await ask(url(i));
      expect(answer.status, `route ${i}: ${answer.body}`).toBe(200);
      expect(answer.body).toBe(expected(i));
    }
  };

  beforeAll(async () => {
    const files: Record<string, string> = {
      [shared]: `export function formatPrice(n: number): string {\n  return n + ' EUR';\n}\n`,
      'src/server/routes/api/alone.ts': route(`() => 'alone'`),
      'src/server/routes/api/other.ts': route(`() => 'other'`),
    };
    for (let i = 0; i < routeCount; i++) files[`src/server/routes/api/group-${i % 2}/item-${i}.ts`] = priceRoute(i);
    root = writeSite(files);
    server = await createDevServer({ root, port: 0, logger });
    await every((i) => `${i} EUR`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves an edit of the shared module from every route that imports it', async () => {
    writeFileSync(join(root, shared), `export function formatPrice(n: number): string {\n  return n + ' CHF';\n}\n`);
    await pollUntil(url(routeCount - 1), (a) => a.body === `${routeCount - 1} CHF`);
    await every((i) => `${i} CHF`);
    expect((await ask(new URL('/api/alone', server.url).href)).body).toBe('alone');
  });

  it('shows a syntax error saved into the shared module, then serves the fix', async () => {
    writeFileSync(join(root, shared), `export function formatPrice(n: number): string {\n  return n + ;\n}\n`);
    const broken = await pollUntil(url(3), (a) => a.status === 500);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'COMPILE', location: expect.stringMatching(/^src\/shared\/price\.ts:2:\d+$/) });
    // Every route that imports it answers with the error; the one that does not, from the last build.
    for (const i of [0, 1, routeCount - 1]) expect((await ask(url(i))).status).toBe(500);
    expect(await ask(alone())).toMatchObject({ status: 200, body: 'alone' });
    expect(logger.lines).toContain(
      'until a save fixes it, the routes of src/server/routes/api/group-0/item-0.ts, src/server/routes/api/group-0/item-10.ts, src/server/routes/api/group-0/item-12.ts and 37 more answer with this error; the other routes are served from the last build',
    );
    writeFileSync(join(root, shared), `export function formatPrice(n: number): string {\n  return n + ' GBP';\n}\n`);
    await pollUntil(url(3), (a) => a.body === '3 GBP');
    await every((i) => `${i} GBP`);
  });

  it('serves a new export of the shared module and the route that imports it, saved together', async () => {
    writeFileSync(join(root, shared), `export const currency = 'SEK';\nexport function formatPrice(n: number): string {\n  return n + ' ' + currency;\n}\n`);
    writeFileSync(
      join(root, 'src/server/routes/api/group-0/item-0.ts'),
      `import { defineEventHandler } from 'h3';\nimport { currency } from '../../../../shared/price';\n\nexport default defineEventHandler(() => 'in ' + currency);\n`,
    );
    await pollUntil(url(0), (a) => a.body === 'in SEK');
    await every((i) => (i === 0 ? 'in SEK' : `${i} SEK`));
  });

  it('fails while the shared module is removed, and serves it again once it is written back', async () => {
    const file = join(root, shared);
    rmSync(file);
    const missing = await pollUntil(url(5), (a) => a.status === 500);
    expect(missing.body).toContain('shared/price');
    expect(await ask(alone())).toMatchObject({ status: 200, body: 'alone' });
    writeFileSync(file, `export const currency = 'NOK';\nexport function formatPrice(n: number): string {\n  return n + ' NOK';\n}\n`);
    await pollUntil(url(5), (a) => a.body === '5 NOK');
    await every((i) => (i === 0 ? 'in NOK' : `${i} NOK`));
  });

  it('answers with a syntax error saved into one route file from that route alone, and serves the fix', async () => {
    const file = join(root, 'src/server/routes/api/alone.ts');
    writeFileSync(file, `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => ('broken' );\n`);
    const broken = await pollUntil(alone(), (a) => a.status === 500);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'COMPILE', location: expect.stringMatching(/^src\/server\/routes\/api\/alone\.ts:2:\d+$/) });
    const page = await fetch(alone(), { headers: { accept: 'text/html' } });
    expect([page.status, page.headers.get('content-type')]).toEqual([500, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('alone.ts:2:');
    for (const i of [1, 2, 3]) expect(await ask(url(i))).toMatchObject({ status: 200, body: `${i} NOK` });
    // A second file broken while the first still is: the routes of both answer the error, no other.
    const nok = `export const currency = 'NOK';\nexport function formatPrice(n: number): string {\n  return n + ' NOK';\n}\n`;
    writeFileSync(join(root, shared), `export function formatPrice(n: number): string {\n  return n + ;\n}\n`);
    await pollUntil(url(1), (a) => a.status === 500);
    expect(await ask(new URL('/api/other', server.url).href)).toMatchObject({ status: 200, body: 'other' });
    expect((await ask(alone())).status).toBe(500);
    writeFileSync(join(root, shared), nok);
    writeFileSync(file, route(`() => 'alone again'`));
    await pollUntil(alone(), (a) => a.body === 'alone again');
    await pollUntil(url(1), (a) => a.body === '1 NOK');
    for (const i of [1, 2, 3]) expect(await ask(url(i))).toMatchObject({ status: 200, body: `${i} NOK` });
  });

  it('serves a route file removed and written again, among many', async () => {
    const file = join(root, 'src/server/routes/api/group-1/item-7.ts');
    rmSync(file);
    await pollUntil(url(7), (a) => a.status === 404);
    writeFileSync(file, route(`() => 'seven again'`));
    await pollUntil(url(7), (a) => a.body === 'seven again');
    expect((await ask(url(9))).body).toBe('9 NOK');
  });

  it('serves a route file that exports entries, which only the build reads', async () => {
    const file = join(root, 'src/server/routes/api/group-0/[slug].ts');
    const post = (word: string) =>
      `import { defineEventHandler, getRouterParam } from 'h3';\nexport const entries = () => [{ slug: 'a' }];\n` +
      `export default defineEventHandler((event) => '${word} ' + getRouterParam(event, 'slug'));\n`;
    writeFileSync(file, post('post'));
    await pollUntil(new URL('/api/group-0/b', server.url).href, (a) => a.body === 'post b');
    writeFileSync(file, post('edited'));
    await pollUntil(new URL('/api/group-0/b', server.url).href, (a) => a.body === 'edited b');
    expect((await ask(url(9))).body).toBe('9 NOK');
  });
});

describe('dev rebuilds of route files that are links, and of CommonJS modules', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves two route files linked to one module, and a save of that module from both', async () => {
    const root = writeSite({ 'src/handlers/hello.ts': route(`() => 'hello'`), [`${api}/other.ts`]: route(`() => 'other'`) });
    symlinkSync('../../../handlers/hello.ts', join(root, api, 'hello.ts'));
    symlinkSync('../../../handlers/hello.ts', join(root, api, 'hi.ts'));
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const url = (path: string) => new URL(path, server!.url).href;
    expect((await ask(url('/api/hello'))).body).toBe('hello');
    expect((await ask(url('/api/hi'))).body).toBe('hello');

    writeFileSync(join(root, 'src/handlers/hello.ts'), route(`() => 'hello, saved'`));
    await pollUntil(url('/api/hello'), (answer) => answer.body === 'hello, saved');
    expect((await ask(url('/api/hi'))).body).toBe('hello, saved');
    expect((await ask(url('/api/other'))).body).toBe('other');
  });

  // A module that turns CommonJS or back changes what the CommonJS plugin makes for its importers.
  it('bundles again the route files that import a module turned CommonJS or back', async () => {
    const root = writeSite({
      'src/shared/legacy.js': `module.exports = { word: 'one' };\n`,
      [`${api}/legacy.ts`]: `import { defineEventHandler } from 'h3';\nimport legacy from '../../../shared/legacy.js';\nexport default defineEventHandler(() => legacy.word);\n`,
      [`${api}/other.ts`]: route(`() => 'other'`),
    });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = (path: string) => new URL(path, server!.url).href;
    const rebuilt = () => logger.lines.filter((line) => line.startsWith('rebuilt ')).at(-1);
    expect((await ask(url('/api/legacy'))).body).toBe('one');
    writeFileSync(join(root, 'src/shared/legacy.js'), `module.exports = { word: 'two' };\n`);
    await pollUntil(url('/api/legacy'), (answer) => answer.body === 'two');
    expect(rebuilt()).toMatch(/^rebuilt 1 module \(the route files that import it load it when requested\) /);
    writeFileSync(join(root, 'src/shared/legacy.js'), `export default { word: 'three' };\n`);
    await pollUntil(url('/api/legacy'), (answer) => answer.body === 'three');
    expect(rebuilt()).toMatch(/^rebuilt 1 of 2 route files and 1 module they import /);
    writeFileSync(join(root, 'src/shared/legacy.js'), `module.exports = { word: 'four' };\n`);
    await pollUntil(url('/api/legacy'), (answer) => answer.body === 'four');
    expect(rebuilt()).toMatch(/^rebuilt 1 of 2 route files and 1 module they import /);
  });
});

describe('dev started with route files that do not compile', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves the other routes, each broken one with its own error, and each as soon as its own fix is saved', async () => {
    const broken = (word: string) => `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => ('${word}' );\n`;
    const root = writeSite({ [`${api}/good.ts`]: route(`() => 'good'`), [`${api}/one.ts`]: broken('one'), [`${api}/two.ts`]: broken('two') });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = (path: string) => new URL(path, server!.url).href;
    expect(await ask(url('/api/good'))).toMatchObject({ status: 200, body: 'good' });
    for (const name of ['one', 'two']) {
      const answer = await ask(url(`/api/${name}`));
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'COMPILE', location: expect.stringMatching(new RegExp(`^src/server/routes/api/${name}\\.ts:2:\\d+$`)) });
    }
    // A browser asking for a broken route gets its error too, not the list of routes.
    const page = await fetch(url('/api/two'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(500);
    expect(await page.text()).toContain('two.ts:2:');
    expect(logger.lines[0]).toMatch(/^built 1 of 3 route files in \d+ ms$/);
    expect(logger.lines).toContain(
      'until a save fixes them, the routes of src/server/routes/api/one.ts, src/server/routes/api/two.ts answer with their errors; the other routes are served',
    );

    writeFileSync(join(root, api, 'one.ts'), route(`() => 'one fixed'`));
    await pollUntil(url('/api/one'), (answer) => answer.body === 'one fixed');
    expect((await ask(url('/api/two'))).status).toBe(500);
    expect(await ask(url('/api/good'))).toMatchObject({ status: 200, body: 'good' });
    expect(logger.lines).toContain('until a save fixes it, the routes of src/server/routes/api/two.ts answer with this error; the other routes are served');

    writeFileSync(join(root, api, 'two.ts'), route(`() => 'two fixed'`));
    await pollUntil(url('/api/two'), (answer) => answer.body === 'two fixed');
    expect((await ask(url('/api/one'))).body).toBe('one fixed');
  });

  it('serves a route file added broken while dev runs as its error alone, and then its fix', async () => {
    const root = writeSite({ [`${api}/good.ts`]: route(`() => 'good'`) });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = (path: string) => new URL(path, server!.url).href;
    expect((await ask(url('/api/good'))).body).toBe('good');
    writeFileSync(join(root, api, 'new.ts'), `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'new' +);\n`);
    const broken = await pollUntil(url('/api/new'), (answer) => answer.status === 500);
    expect(JSON.parse(broken.body).location).toMatch(/^src\/server\/routes\/api\/new\.ts:2:\d+$/);
    expect(await ask(url('/api/good'))).toMatchObject({ status: 200, body: 'good' });
    expect(logger.lines).toContain('until a save fixes it, the routes of src/server/routes/api/new.ts answer with this error; the other routes are served');
    expect(logger.lines).toContainEqual(expect.stringMatching(/^rebuilt the route table of 2 route files, without the route file that failed \(below\) in \d+ ms$/));
    writeFileSync(join(root, api, 'new.ts'), route(`() => 'new, fixed'`));
    await pollUntil(url('/api/new'), (answer) => answer.body === 'new, fixed');
  });

  it('serves route files added with imports that do not resolve as their own errors, and the others', async () => {
    const root = writeSite({ [`${api}/good.ts`]: route(`() => 'good'`) });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const url = (path: string) => new URL(path, server!.url).href;
    writeFileSync(join(root, api, 'pkg.ts'), `import { defineEventHandler } from 'h3';\nimport slugify from 'slugify-not-installed';\nexport default defineEventHandler(() => slugify('a'));\n`);
    writeFileSync(join(root, api, 'rel.ts'), `import { defineEventHandler } from 'h3';\nimport { data } from '../../lib/nowhere';\nexport default defineEventHandler(() => data);\n`);
    await pollUntil(url('/api/rel'), (answer) => answer.status === 500);
    await pollUntil(url('/api/pkg'), (answer) => answer.status === 500);
    expect(JSON.parse((await ask(url('/api/pkg'))).body).message).toBe('src/server/routes/api/pkg.ts imports "slugify-not-installed", which cannot be resolved.');
    expect(JSON.parse((await ask(url('/api/rel'))).body).message).toBe('src/server/routes/api/rel.ts imports "../../lib/nowhere", which cannot be resolved.');
    expect(await ask(url('/api/good'))).toMatchObject({ status: 200, body: 'good' });
  });

  it('names an h3 v1 helper a route file imports as the build does, at its place in the source, and serves the fix', async () => {
    // The type import is compiled away, so the line checked is not where the compiled code has it.
    const v1 = `import type { H3Event } from 'h3';\n// An h3 v1 handler\nimport { defineEventHandler, send } from 'h3';\nexport default defineEventHandler((event: H3Event) => send(event, 'hi'));\n`;
    const root = writeSite({ [`${api}/good.ts`]: route(`() => 'good'`), [`${api}/v1.ts`]: v1 });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const url = (path: string) => new URL(path, server!.url).href;
    const answer = await ask(url('/api/v1'));
    expect(answer.status).toBe(500);
    const body = JSON.parse(answer.body);
    expect(body.message).toMatch(/^src\/server\/routes\/api\/v1\.ts:3:30 imports "send" from h3 \(\S*node_modules\/h3\/dist\/\S+\), which does not export it\.$/);
    expect(body.frame).toContain("3: import { defineEventHandler, send } from 'h3';\n                                ^");
    expect(body.hint).toMatch(/^h3 v2 has no "send": .* see h3's migration guide \(h3\.dev\/migration\)\.$/);
    expect(await ask(url('/api/good'))).toMatchObject({ status: 200, body: 'good' });
    writeFileSync(join(root, api, 'v1.ts'), `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'hi');\n`);
    await pollUntil(url('/api/v1'), (fixed) => fixed.body === 'hi');
  });

  it('answers an export removed from a shared module from the route files importing that name alone', async () => {
    const root = writeSite({
      'src/lib/data.ts': `export const posts = ['a'];\nexport function findPost(id: string) {\n  return id;\n}\n`,
      [`${api}/post.ts`]: `import { defineEventHandler } from 'h3';\nimport { findPost } from '../../../lib/data';\nexport default defineEventHandler(() => findPost('a'));\n`,
      [`${api}/list.ts`]: `import { defineEventHandler } from 'h3';\nimport { posts } from '../../../lib/data';\nexport default defineEventHandler(() => posts.join());\n`,
    });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const url = (path: string) => new URL(path, server!.url).href;
    expect((await ask(url('/api/list'))).body).toBe('a');
    writeFileSync(join(root, 'src/lib/data.ts'), `export const posts = ['a', 'b'];\nexport function getPost(id: string) {\n  return id;\n}\n`);
    const broken = await pollUntil(url('/api/post'), (answer) => answer.status === 500);
    expect(JSON.parse(broken.body).message).toMatch(/^src\/server\/routes\/api\/post\.ts:2:\d+ imports "findPost" from src\/lib\/data\.ts, which does not export it\.$/);
    expect(await ask(url('/api/list'))).toMatchObject({ status: 200, body: 'a,b' });
    writeFileSync(join(root, api, 'post.ts'), `import { defineEventHandler } from 'h3';\nimport { getPost } from '../../../lib/data';\nexport default defineEventHandler(() => getPost('b'));\n`);
    await pollUntil(url('/api/post'), (answer) => answer.body === 'b');
  });

  it('answers every route with the error when the module that fails is not a route file', async () => {
    const root = writeSite({
      'src/shared/word.ts': `export const word = ;\n`,
      [`${api}/uses.ts`]: `import { defineEventHandler } from 'h3';\nimport { word } from '../../../shared/word';\nexport default defineEventHandler(() => word);\n`,
      [`${api}/plain.ts`]: route(`() => 'plain'`),
    });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const answer = await ask(new URL('/api/plain', server.url).href);
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body).location).toMatch(/^src\/shared\/word\.ts:1:\d+$/);
  });
});
