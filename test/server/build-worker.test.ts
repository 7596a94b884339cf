/**
 * Each dev rebuild runs apart from the one before: timers and module state of a replaced build are
 * gone, and a route file removed and written again at the same path (`git stash`, `git checkout`)
 * is served again.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';

const api = 'src/server/routes/api';

/** A route module that appends its build's `tag` to `log` every 20 ms, from the moment it loads. */
function tickingRoute(log: string, tag: string): string {
  return [
    `import { appendFileSync } from 'node:fs';`,
    `import { defineEventHandler } from 'h3';`,
    `setInterval(() => { try { appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(tag + '\n')}); } catch {} }, 20);`,
    `let hits = 0;`,
    `export default defineEventHandler(() => ${JSON.stringify(tag)} + ' ' + ++hits);`,
  ].join('\n');
}

const ticks = (log: string, tag: string) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line === tag).length : 0);

describe('dev rebuilds are isolated', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stops the timers and forgets the module state of the build a save replaced', async () => {
    const log = join(tempDir('ticks-'), 'ticks.log');
    const root = writeSite({ [`${api}/tick.ts`]: tickingRoute(log, 'first') });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const url = new URL('/api/tick', server.url).href;
    expect((await ask(url)).body).toBe('first 1');
    expect((await ask(url)).body).toBe('first 2');

    writeFileSync(join(root, api, 'tick.ts'), tickingRoute(log, 'second'));
    // A new build starts counting from its own module state.
    await pollUntil(url, (answer) => answer.body.startsWith('second'));
    // Wait until the new build has ticked well past the swap: the old one, if alive, ticks as often.
    const before = ticks(log, 'first');
    const deadline = Date.now() + 30_000;
    while (ticks(log, 'second') < 25 && Date.now() < deadline) await sleep(20);
    expect(ticks(log, 'second')).toBeGreaterThanOrEqual(25);
    // One tick may have been on its way when the old build was stopped.
    expect(ticks(log, 'first') - before).toBeLessThanOrEqual(1);
  });

  it('prints an error a route module throws outside any request, as the built server does, once however often it comes, and serves on', async () => {
    const crashing = `import { defineEventHandler } from 'h3';\nsetInterval(() => { throw new Error('queue connection lost'); }, 20);\nexport default defineEventHandler(() => 'up');\n`;
    const root = writeSite({ [`${api}/crash.ts`]: crashing });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = new URL('/api/crash', server.url).href;
    expect((await pollUntil(url, (answer) => answer.status === 200)).body).toBe('up');
    await pollUntil(url, () => logger.lines.some((line) => line.includes('queue connection lost')));
    // Before, the build stopped: every route answered ROUTES_STOPPED until the next save.
    expect(logger.lines).toContainEqual(expect.stringMatching(/^error An error thrown, outside any request \(the server goes on\): Error: queue connection lost\n\s+at /));
    const after = await ask(url);
    expect([after.status, after.body]).toEqual([200, 'up']);
    // The interval threw some 15 times more meanwhile: said once.
    await sleep(300);
    expect(logger.lines.filter((line) => line.includes('queue connection lost'))).toHaveLength(1);
  });

  it('answers a request in flight when a route module ends its thread (process.exit) with the page that says why, and recovers on a save', async () => {
    const gate = join(tempDir('gate-'), 'open');
    // The handler holds its request until the gate opens; the module then ends the process it runs in.
    const exiting = [
      `import { existsSync } from 'node:fs';`,
      `import { defineEventHandler } from 'h3';`,
      `const opened = new Promise((resolve) => { const check = setInterval(() => { if (existsSync(${JSON.stringify(gate)})) { clearInterval(check); resolve(); } }, 10); });`,
      `opened.then(() => setTimeout(() => process.exit(3), 0));`,
      `export default defineEventHandler(() => new Promise(() => {}));`,
    ].join('\n');
    const root = writeSite({ [`${api}/hold.ts`]: exiting });
    server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const held = ask(new URL('/api/hold', server.url).href);
    // The request reaches the thread first: the build is loaded once a request to it has begun.
    await sleep(200);
    writeFileSync(gate, '');
    const answer = await held;
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'ROUTES_STOPPED',
      message: 'The route modules stopped running: the thread that runs them ended with exit code 3 (process.exit(), called by a route module or a module it imports)',
      // Where the thread was ended: the line of the route module that called process.exit().
      stack: expect.stringMatching(/^Error: the thread that runs them ended with exit code 3 .*\n\s+at .*\/src\/server\/routes\/api\/hold\.ts:4:\d+\)$/),
    });
    writeFileSync(join(root, api, 'hold.ts'), route(`() => 'fixed'`));
    expect((await pollUntil(new URL('/api/hold', server.url).href, (next) => next.body === 'fixed')).status).toBe(200);
  });

  it('starts the routes again in a new thread on the next request after a handler ended its thread, without a save', async () => {
    const root = writeSite({
      [`${api}/quit.ts`]: route(`() => { process.exit(4); }`),
      [`${api}/count.ts`]: `import { defineEventHandler } from 'h3';\nlet hits = 0;\nexport default defineEventHandler(() => String(++hits));\n`,
    });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const at = (path: string) => new URL(path, server!.url).href;
    expect((await ask(at('/api/count'))).body).toBe('1');
    const quit = await ask(at('/api/quit'));
    expect(quit.status).toBe(500);
    expect(JSON.parse(quit.body)).toMatchObject({ code: 'ROUTES_STOPPED', message: expect.stringContaining('ended with exit code 4') });
    expect(logger.lines).toContainEqual(expect.stringContaining('The dev server starts the routes again in a new thread on the next request'));
    // A browser's page says so: nothing failed to build.
    const page = await ask(at('/api/quit'), { headers: { accept: 'text/html' } });
    expect(page.body).toContain('<title>Routes stopped</title>');
    expect(page.body).toContain('The dev server starts the routes again on the next request: reload this page.');
    // The other routes are served again at once, by a new thread: the module state starts over.
    const next = await ask(at('/api/count'));
    expect([next.status, next.body]).toEqual([200, '1']);
    expect(logger.lines).toContainEqual(expect.stringMatching(/^started the routes again in a new thread, after theirs stopped, in \d+ ms$/));
    // The route that ends its thread does so again, and is said again.
    expect((await ask(at('/api/quit'))).status).toBe(500);
    expect(logger.lines.filter((line) => line.startsWith('error The route modules stopped running'))).toHaveLength(3);
    expect((await ask(at('/api/count'))).body).toBe('1');
  });

  it('serves a route file removed and then written again at the same path', async () => {
    const root = writeSite({ [`${api}/stash.ts`]: route(`() => 'before'`), [`${api}/other.ts`]: route(`() => 'other'`) });
    const logger = createMemoryLogger();
    server = await createDevServer({ root, port: 0, logger });
    const url = new URL('/api/stash', server.url).href;
    expect((await ask(url)).body).toBe('before');

    const file = join(root, api, 'stash.ts');
    rmSync(file);
    await pollUntil(url, (answer) => answer.status === 404);
    writeFileSync(file, route(`() => 'after'`));
    const answer = await pollUntil(url, (a) => a.body === 'after');
    expect(answer.status).toBe(200);

    // The same within one burst of events, as `git stash` makes them.
    rmSync(file);
    writeFileSync(file, route(`() => 'again'`));
    expect((await pollUntil(url, (a) => a.body === 'again')).status).toBe(200);
  });
});
