/**
 * After the first build, `prerender dev` bundles only the modules a save made out of date (the route
 * file or module saved; the route files importing a module that lost an export), and loads at once
 * only the route files saved; every other route's module is imported by the build's thread on its
 * first request, with no build. What each request gets is what it got from the build of every route
 * file: the same route answers (the table keeps every route, so a parameter route still wins over a
 * catch-all), with the same body, and a compile error in a file not requested yet is shown as it
 * would be at startup.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { describePlan, keepChanges, planBuild, routesImporting, type Changes } from '../../src/server/changed-routes.ts';
import { createModuleGraph } from '../../src/server/module-graph.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';

const api = 'src/server/routes/api';
const flag = join(tempDir('flag-'), 'refuse');
const files = {
  [`${api}/[...].ts`]: route(`(event) => 'catch-all ' + event.context.params._`),
  [`${api}/items/[id].ts`]: route(`(event) => 'item ' + getRouterParam(event, 'id')`, 'defineEventHandler, getRouterParam'),
  [`${api}/echo.post.ts`]: route(`async (event) => 'echo ' + (await readBody(event)).word`, 'defineEventHandler, readBody'),
  [`${api}/a.ts`]: route(`() => 'a'`),
  [`${api}/b.ts`]: route(`() => 'b'`),
  [`${api}/later.ts`]: route(`() => 'later'`),
  [`${api}/dropped.ts`]: route(`() => 'dropped'`),
  [`${api}/priced.ts`]: `import { defineEventHandler } from 'h3';\nimport { price } from '../../../shared/price';\nexport default defineEventHandler(() => price);\n`,
  [`${api}/also-priced.ts`]: `import { defineEventHandler } from 'h3';\nimport { price } from '../../../shared/price';\nexport default defineEventHandler(() => 'also ' + price);\n`,
  'src/shared/price.ts': `export const price = '1 EUR';\n`,
  // Loads at startup; throws when loaded once the flag file exists.
  [`${api}/fussy.ts`]: `import { existsSync } from 'node:fs';\nimport { defineEventHandler } from 'h3';\nif (existsSync(${JSON.stringify(flag)})) throw new Error('the flag is up');\nexport default defineEventHandler(() => 'fussy');\n`,
};

describe('dev rebuilds of the route files a save changed', () => {
  let root: string;
  let server: RunningServer;
  const logger = createMemoryLogger();
  const url = (path: string) => new URL(path, server.url).href;
  const builds = () => logger.lines.filter((line) => /^(re)?built /.test(line));
  const echo = () => ask(url('/api/echo'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ word: 'kept' }) });

  beforeAll(async () => {
    root = writeSite(files);
    server = await createDevServer({ root, port: 0, logger });
    expect((await ask(url('/api/b'))).body).toBe('b');
    writeFileSync(join(root, `${api}/a.ts`), route(`() => 'a, saved'`));
    await pollUntil(url('/api/a'), (answer) => answer.body === 'a, saved');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('bundles all route files at first, then only the one saved', () => {
    expect(builds()[0]).toMatch(/^built 10 route files in \d+ ms$/);
    expect(builds().at(-1)).toMatch(/^rebuilt 1 of 10 route files \(those changed: src\/server\/routes\/api\/a\.ts; the others load when requested\) in \d+ ms$/);
  });

  it('serves a route requested before the save, and one never requested, without a build', async () => {
    const before = builds().length;
    expect((await ask(url('/api/b'))).body).toBe('b');
    expect((await ask(url('/api/later'))).body).toBe('later');
    expect(builds()).toHaveLength(before);
  });

  it('serves a parameter route on its first request without a build; the catch-all beside it does not take it', async () => {
    const before = builds().length;
    const answer = await ask(url('/api/items/7'));
    expect(answer).toMatchObject({ status: 200, body: 'item 7' });
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await ask(url('/api/nothing/here'))).body).toBe('catch-all nothing/here');
    expect(builds()).toHaveLength(before);
  });

  it('passes the body of a request that loads its route', async () => {
    expect(await echo()).toMatchObject({ status: 200, body: 'echo kept' });
  });

  it('serves a new route file and one not loaded yet, requested together', async () => {
    writeFileSync(join(root, `${api}/c.ts`), route(`() => 'c'`));
    await pollUntil(url('/api/c'), (answer) => answer.body === 'c');
    expect(builds().at(-1)).toMatch(/^rebuilt 1 of 11 route files /);
    const [dropped, c] = await Promise.all([ask(url('/api/dropped')), ask(url('/api/c'))]);
    expect([dropped.body, c.body]).toEqual(['dropped', 'c']);
  });

  it('bundles a module saved on its own, served by every route file that imports it', async () => {
    writeFileSync(join(root, 'src/shared/price.ts'), `export const price = '2 EUR';\n`);
    await pollUntil(url('/api/priced'), (answer) => answer.body === '2 EUR');
    expect(builds().at(-1)).toMatch(/^rebuilt 1 module \(the route files that import it load it when requested\) in \d+ ms$/);
    expect((await ask(url('/api/also-priced'))).body).toBe('also 2 EUR');
  });

  it('bundles again the route files that import a module saved without an export they name, shows why, then serves the fix', async () => {
    writeFileSync(join(root, 'src/shared/price.ts'), `export const cost = '3 EUR';\n`);
    const broken = await pollUntil(url('/api/priced'), (answer) => answer.status === 500);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'COMPILE', message: expect.stringMatching(/^src\/server\/routes\/api\/(also-)?priced\.ts:\d+:\d+ imports "price" from src\/shared\/price\.ts, which does not export it\.$/) });
    // The fix to one importer alone serves it; the other still names what went, in its own error.
    writeFileSync(join(root, `${api}/priced.ts`), `import { defineEventHandler } from 'h3';\nimport { cost } from '../../../shared/price';\nexport default defineEventHandler(() => cost);\n`);
    await pollUntil(url('/api/priced'), (answer) => answer.body === '3 EUR');
    const other = await ask(url('/api/also-priced'));
    expect([other.status, JSON.parse(other.body).message]).toEqual([500, expect.stringMatching(/^src\/server\/routes\/api\/also-priced\.ts:\d+:\d+ imports "price" from src\/shared\/price\.ts/)]);
    writeFileSync(join(root, 'src/shared/price.ts'), `export const cost = '3 EUR';\nexport const price = '4 EUR';\n`);
    await pollUntil(url('/api/priced'), (answer) => answer.body === '3 EUR');
    // It exports what also-priced names again: that one need not be bundled again.
    expect(builds().at(-1)).toMatch(/^rebuilt 1 of 11 route files and 1 module they import /);
    expect((await ask(url('/api/also-priced'))).body).toBe('also 4 EUR');
  });

  // Both were bundled by the first build only: what it read of them must not be served.
  it('serves a route file not loaded since startup with what it holds now, once saved', async () => {
    writeFileSync(join(root, `${api}/dropped.ts`), route(`() => 'dropped, edited'`));
    await pollUntil(url('/api/dropped'), (answer) => answer.body === 'dropped, edited');
  });

  it('answers a route whose module throws as it loads on its first request with the failure page, printed once; the others still answer', async () => {
    writeFileSync(flag, '');
    // A new build, whose thread has not loaded fussy.ts.
    writeFileSync(join(root, `${api}/b.ts`), route(`() => 'b, saved'`));
    await pollUntil(url('/api/b'), (answer) => answer.body === 'b, saved');
    const failed = await ask(url('/api/fussy'));
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toMatchObject({ code: 'MODULE_IMPORT', message: `A route module threw while it was loaded, at ${api}/fussy.ts:3: the flag is up`, stack: expect.stringContaining('fussy.ts:3:') });
    expect((await ask(url('/api/fussy'), { headers: { accept: 'text/html' } })).body).toContain('the flag is up');
    expect((await ask(url('/api/later'))).body).toBe('later');
    await expect.poll(() => logger.lines.filter((line) => line === `error A route module threw while it was loaded, at ${api}/fussy.ts:3: the flag is up`)).toHaveLength(1);
  });

  it('shows a compile error saved into a route file not in use, then serves the fix', async () => {
    const file = `${api}/broken.ts`;
    writeFileSync(join(root, file), `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => {\n  const x = ;\n});\n`);
    const broken = await pollUntil(url('/api/broken'), (answer) => answer.status === 500, { headers: { accept: 'application/json' } });
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'COMPILE', location: `${file}:3:13` });
    writeFileSync(join(root, file), route(`() => 'fixed'`));
    await pollUntil(url('/api/broken'), (answer) => answer.body === 'fixed');
    expect((await ask(url('/api/items/8'))).body).toBe('item 8');
  });
});

describe('planBuild', () => {
  const root = writeSite({
    'routes/a.js': `import { price } from '../shared/price.js';\nexport default () => price;\n`,
    'routes/b.js': `import { gone } from '../shared/gone.js';\nexport default () => gone;\n`,
    'routes/c.js': `export default () => 'c';\n`,
    'routes/helper.js': `export const unused = true;\n`,
    'shared/price.js': `export const price = 1;\n`,
    'shared/gone.js': `export const gone = 'removed after the build';\n`,
  });
  const routesDir = join(root, 'routes');
  const table = ['a.js', 'b.js', 'c.js'].map((file) => ({ file, method: '', path: `/${file}` }));
  const changes = (paths: string[], more: Partial<Changes> = {}): Changes => ({ all: false, paths: new Set(paths.map((path) => join(root, path))), failedReads: new Set(), ...more });
  /** A graph of a build of a.js and b.js, and their ids: c.js is new since. */
  const graph = createModuleGraph();
  beforeAll(async () => {
    const result = await rollup({ input: ['a.js', 'b.js'].map((file) => join(routesDir, file)), treeshake: false });
    graph.update(result.cache!);
    await result.close();
    rmSync(join(root, 'shared/gone.js'));
  });
  const modules = new Map(['a.js', 'b.js'].map((file) => [file, { id: join(routesDir, file) }]));
  const plan = (paths: string[], more?: Partial<Changes>) => planBuild(table, changes(paths, more), graph, { routesDir, modules });

  it.each([
    ['the route file saved, and the one no build bundled yet', ['routes/b.js'], ['b.js', 'c.js'], []],
    ['a module saved on its own', ['shared/price.js'], ['c.js'], ['shared/price.js']],
    ['the route files that import a module removed', ['shared/gone.js'], ['b.js', 'c.js'], []],
    ['nothing more for a file under routesDir no route imports', ['routes/helper.js', 'routes/notes.md'], ['c.js'], []],
    ['nothing more for a route file removed', ['routes/gone.js'], ['c.js'], []],
  ])('bundles %s', (_name, paths, files, others) => {
    const changed = new Set(files);
    expect(plan(paths)).toEqual({ routes: table, changed, modules: new Set(others.map((path) => join(root, path))), load: changed, all: false });
  });

  it('finds the route files that import a module, directly or not', () => {
    expect(routesImporting([join(root, 'shared/price.js')], table, graph, { routesDir, modules })).toEqual(new Set(['a.js']));
    expect(routesImporting([join(routesDir, 'b.js')], table, graph, { routesDir, modules })).toEqual(new Set(['b.js']));
  });

  it('bundles every route file at first, and after a change to a file no build read as a module', () => {
    expect(plan([], { all: true })).toMatchObject({ changed: new Set(['a.js', 'b.js', 'c.js']), all: true });
    expect(plan(['tsconfig.json'])).toMatchObject({ changed: new Set(['a.js', 'b.js', 'c.js']), all: true });
  });

  it('bundles only what a failed build held back when a file it read is saved', () => {
    const failedReads = new Set([join(root, 'shared/new.js')]);
    expect(plan(['routes/b.js', 'shared/new.js'], { failedReads })).toMatchObject({ changed: new Set(['b.js', 'c.js']), all: false });
  });

  it('keeps what a failed build was given for the next, with what came since and what it read', () => {
    const kept = keepChanges(changes(['routes/a.js'], { all: true }), changes(['routes/b.js']), [join(root, 'shared/new.js')]);
    expect(kept).toEqual({ all: true, paths: new Set(['routes/a.js', 'routes/b.js'].map((path) => join(root, path))), failedReads: new Set([join(root, 'shared/new.js')]) });
  });

  it('says in the log what it bundles', () => {
    expect(describePlan(plan([], { all: true }))).toBe('3 route files');
    // The first build, with a route file that failed left out (route-bundler.ts).
    const leftOut = plan([], { all: true });
    leftOut.changed.delete('b.js');
    expect(describePlan(leftOut)).toBe('2 of 3 route files');
    expect(describePlan(plan(['routes/b.js']))).toBe('2 of 3 route files (those changed: b.js, c.js; the others load when requested)');
    expect(describePlan(plan(['shared/price.js']))).toBe('1 of 3 route files and 1 module they import (those changed: c.js; the others load when requested)');
    const many = { ...plan([], { all: true }), all: false, changed: new Set(['e.js', 'd.js', 'c.js', 'b.js', 'a.js']) };
    expect(describePlan(many, (file) => `api/${file}`)).toBe('5 of 3 route files (those changed: api/a.js, api/b.js, api/c.js and 2 more; the others load when requested)');
    // A route file removed, every other one bundled before: only the route table is new.
    expect(describePlan({ ...plan(['routes/gone.js']), changed: new Set() })).toBe('the route table of 3 route files (no route file to bundle again)');
    // A module saved that no route file is bundled again for: it alone, no empty list of route files.
    expect(describePlan({ ...plan(['shared/price.js']), changed: new Set() })).toBe('1 module (the route files that import it load it when requested)');
  });
});
