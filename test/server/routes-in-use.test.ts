/**
 * After the first save, `prerender dev` rebuilds only the route files in use (requested or saved
 * since it started); a request for any other loads it first. What each request gets is what it got
 * from the build of every route file: the same route answers (the table keeps every route, so a
 * parameter route still wins over a catch-all), with the same body, and a compile error in a file
 * loaded late is shown as it would be at startup.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { route, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';

const api = 'src/server/routes/api';
const files = {
  [`${api}/[...].ts`]: route(`(event) => 'catch-all ' + event.context.params._`),
  [`${api}/items/[id].ts`]: route(`(event) => 'item ' + getRouterParam(event, 'id')`, 'defineEventHandler, getRouterParam'),
  [`${api}/echo.post.ts`]: route(`async (event) => 'echo ' + (await readBody(event)).word`, 'defineEventHandler, readBody'),
  [`${api}/a.ts`]: route(`() => 'a'`),
  [`${api}/b.ts`]: route(`() => 'b'`),
  [`${api}/later.ts`]: route(`() => 'later'`),
  [`${api}/dropped.ts`]: route(`() => 'dropped'`),
  [`${api}/priced.ts`]: `import { defineEventHandler } from 'h3';\nimport { price } from '../../../shared/price';\nexport default defineEventHandler(() => price);\n`,
  'src/shared/price.ts': `export const price = '1 EUR';\n`,
};

describe('dev rebuilds of the route files in use', () => {
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
    // The first save: from now on only the saved file and the one requested are loaded.
    writeFileSync(join(root, `${api}/a.ts`), route(`() => 'a, saved'`));
    await pollUntil(url('/api/a'), (answer) => answer.body === 'a, saved');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads all route files at first, then only those in use', () => {
    expect(builds()[0]).toMatch(/^built 8 route files in \d+ ms$/);
    expect(builds().at(-1)).toMatch(/^rebuilt 2 of 8 route files \(those in use; the others load when requested\) in \d+ ms$/);
  });

  it('serves a route requested before the save without loading it again', async () => {
    const before = builds().length;
    expect((await ask(url('/api/b'))).body).toBe('b');
    expect(builds()).toHaveLength(before);
  });

  it('loads a parameter route on its first request; the catch-all beside it does not take it', async () => {
    const before = builds().length;
    const answer = await ask(url('/api/items/7'));
    expect(answer).toMatchObject({ status: 200, body: 'item 7' });
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(builds()).toHaveLength(before + 1);
    expect(builds().at(-1)).toMatch(/^rebuilt 3 of 8 /);
    expect((await ask(url('/api/nothing/here'))).body).toBe('catch-all nothing/here');
  });

  it('passes the body of a request that loads its route', async () => {
    expect(await echo()).toMatchObject({ status: 200, body: 'echo kept' });
  });

  it('serves two routes not loaded yet, requested together', async () => {
    writeFileSync(join(root, `${api}/c.ts`), route(`() => 'c'`));
    await pollUntil(url('/api/c'), (answer) => answer.body === 'c');
    const [later, c] = await Promise.all([ask(url('/api/later')), ask(url('/api/c'))]);
    expect([later.body, c.body]).toEqual(['later', 'c']);
  });

  // Both were loaded by the first build only: what it read of them must not be served.
  it('serves a route file and a module only it imports with what they hold now, edited while left out', async () => {
    writeFileSync(join(root, 'src/shared/price.ts'), `export const price = '2 EUR';\n`);
    expect((await ask(url('/api/priced'))).body).toBe('2 EUR');
    writeFileSync(join(root, `${api}/dropped.ts`), route(`() => 'dropped, edited'`));
    await pollUntil(url('/api/dropped'), (answer) => answer.body === 'dropped, edited');
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
