/**
 * readBody (src/prerender/read-body.ts): a route's body read whole within prerender.timeout and
 * prerender.maxBodySize; bodies that never end fail their route, named, with the build's memory bounded.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BodyBoundError, readBody } from '../../src/prerender/read-body.ts';
import { route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const open = { deadline: Infinity, timeout: 1000, maxBytes: 10 };
const stream = (...chunks: (string | Uint8Array)[]) =>
  new ReadableStream<string | Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

/** What readBody threw: at once for a string or bytes, as its promise's rejection for a stream. */
async function failure(body: Parameters<typeof readBody>[0], bounds = open): Promise<BodyBoundError> {
  const error = await Promise.resolve()
    .then(() => readBody(body, bounds))
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(BodyBoundError);
  return error as BodyBoundError;
}

describe('readBody', () => {
  it.each([
    { what: 'no body', body: null, bytes: '' },
    { what: 'a string of 10 bytes', body: 'ünïcod', bytes: 'ünïcod' },
    { what: 'bytes', body: new TextEncoder().encode('0123456789'), bytes: '0123456789' },
    { what: 'a stream of bytes', body: stream(new TextEncoder().encode('01234'), new TextEncoder().encode('56789')), bytes: '0123456789' },
    { what: 'a stream of strings (a Node stream of text)', body: stream('ab', 'ü'), bytes: 'abü' },
  ])('reads $what whole, up to the limit', async ({ body, bytes }) => {
    const read = readBody(body, open);
    // A string or bytes are had at once, a stream in a promise.
    expect(read instanceof Promise).toBe(body instanceof ReadableStream);
    expect(Buffer.from(await read).toString()).toBe(bytes);
  });

  it('keeps the order of many small chunks among large ones (the small are joined as they come)', async () => {
    const chunks = Array.from({ length: 3000 }, (_, i) => (i % 1000 === 999 ? new Uint8Array(5000).fill(i % 251) : new Uint8Array([i % 251])));
    const body = await readBody(stream(...chunks), { ...open, maxBytes: 1024 * 1024 });
    expect(Buffer.from(body).equals(Buffer.concat(chunks))).toBe(true);
  });

  it.each([
    { what: 'a string', body: 'ünïcode!!' },
    { what: 'bytes', body: new Uint8Array(11) },
    { what: 'a stream', body: stream(new Uint8Array(6), new Uint8Array(6)) },
    { what: 'a stream of strings, counted as UTF-8', body: stream('üüüüü', 'ü') },
  ])('refuses $what past maxBytes, naming prerender.maxBodySize', async ({ body }) => {
    const error = await failure(body);
    expect(error.message).toBe('its body passed 10 bytes (prerender.maxBodySize); raise the limit if the file should be this large');
    expect(error.timedOut).toBe(false);
  });

  it('fails a stream still read past the deadline as timed out, naming prerender.timeout', async () => {
    const error = await failure(stream(new Uint8Array(1)), { ...open, deadline: performance.now() - 1, timeout: 300 });
    expect(error.message).toBe('its body did not end within 300 ms (prerender.timeout)');
    expect(error.timedOut).toBe(true);
  });

  it('reads a body of a few chunks at once though other routes keep the microtasks busy, not after them', async () => {
    // Other routes' work, microtask after microtask, 0.5 ms each: the event loop does not turn until
    // its 800 steps are done, so a read that waits for the event loop (setImmediate) ends after them.
    const steps = 800;
    let done = 0;
    let read = false;
    const busy = (async () => {
      for (; done < steps && !read; done++) {
        const step = performance.now();
        while (performance.now() - step < 0.5);
        await Promise.resolve();
      }
    })();
    const body = await readBody(stream(...Array.from({ length: 40 }, () => 'x')), { ...open, maxBytes: 100 });
    read = true;
    const stepsBefore = done;
    await busy;
    expect(Buffer.from(body).toString()).toBe('x'.repeat(40));
    expect(stepsBefore).toBeLessThan(steps);
  });

  it('stops a stream that never ends and always has a chunk ready, and cancels it', async () => {
    let cancelled: unknown;
    const endless = new ReadableStream({
      pull: (controller) => controller.enqueue(new Uint8Array(4)),
      cancel: (reason) => void (cancelled = reason),
    });
    const error = await failure(endless);
    await turn();
    expect(cancelled).toBe(error);
  });

  it("cancels Node streams made web streams by Readable.toWeb without Node's uncaught ERR_INVALID_STATE, and ends them", async () => {
    // nodejs/node#64529: cancelled just after a read, such a stream threw in a later tick, every time
    // at this chunk size; vitest fails the run on that uncaught error.
    for (let i = 0; i < 20; i++) {
      const node = Readable.from((function* () {
        for (;;) yield Buffer.alloc(1000);
      })());
      await failure(Readable.toWeb(node) as ReadableStream<Uint8Array>, { ...open, maxBytes: 64 * 1024 });
      await turn();
      await turn();
      expect(node.destroyed).toBe(true);
    }
  });
});

/**
 * Bodies that never end: a stream whose pull enqueues synchronously never lets a timer run, and one
 * made from an endless generator grows as fast as it is read. prerender.timeout is checked per chunk
 * and prerender.maxBodySize bounds what a body may hold, so each fails its route, named, and the
 * build's memory stays bounded: each process of the bin reports its peak resident memory as it exits.
 */
/** Each endless body, and the bound it must break (the site's limit: 1 MiB). */
const tooLarge = [
  { name: 'sync-pull', body: `() => new ReadableStream({ pull(c) { c.enqueue(new Uint8Array(64 * 1024)); } })` },
  {
    name: 'node-generator',
    body: `async () => { const { Readable } = await import('node:stream'); return Readable.toWeb(Readable.from((function* () { for (;;) yield Buffer.alloc(64 * 1024); })())); }`,
  },
  // A Node stream of strings, as the handler returns it (the server pipes it).
  { name: 'node-stream', body: `async () => { const { Readable } = await import('node:stream'); return Readable.from((function* () { for (;;) yield 'text '.repeat(1000); })()); }` },
  { name: 'large-string', body: `() => 'x'.repeat(2 * 1024 * 1024)` },
];

/** Endless bodies of one byte a chunk, the same bytes each time: the size limit is far off, the timeout is not. */
const tooSlow = [
  { name: 'sync-pull-tiny', body: `() => { const one = new Uint8Array(1); return new ReadableStream({ pull(c) { c.enqueue(one); } }); }` },
  { name: 'node-generator-tiny', body: `async () => { const { Readable } = await import('node:stream'); const one = Buffer.alloc(1); return Readable.toWeb(Readable.from((function* () { for (;;) yield one; })())); }` },
];

/**
 * Builds a site of one good route and `failing` with the bin, each process reporting its peak
 * resident memory as it exits; returns the run and the largest peak in bytes.
 */
async function buildWith(failing: { name: string; body: string }[], limits: string) {
  const files: Record<string, string> = {
    'src/server/routes/api/ok.json.ts': route(`() => ({ fine: true })`),
    'prerender.config.mjs': `export default { name: 'endless', outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { ${limits}, routes: ['/api/ok.json', ...${JSON.stringify(failing.map((r) => `/api/e/${r.name}`))}] } };`,
  };
  for (const r of failing) files[`src/server/routes/api/e/${r.name}.ts`] = route(r.body);
  const peak = join(tempDir('peak-'), 'peak.mjs');
  writeFileSync(peak, `process.on('exit', () => process.stderr.write('peak-rss-kb ' + process.resourceUsage().maxRSS + '\\n'));\n`);
  const cli = await runCli(['build', writeSite(files), '--no-typecheck', '--json'], { env: { NODE_OPTIONS: `--import=${peak}` } });
  const peaks = [...cli.stderr.matchAll(/^peak-rss-kb (\d+)$/gm)].map((match) => Number(match[1]) * 1024);
  return { cli, peak: Math.max(...peaks) };
}

/** The run failed the routes of `failing` alone, each with `error` and its route file, in the log and in --json. */
function expectFailed(cli: { code: number | null; stdout: string; stderr: string }, failing: { name: string }[], error: string): void {
  expect(cli.code, cli.stderr).toBe(1);
  expect(cli.stderr).toContain(`${failing.length} route${failing.length === 1 ? '' : 's'} failed to prerender; nothing was published`);
  const report = JSON.parse(cli.stdout);
  expect(report.ok).toBe(1);
  for (const { name } of failing) {
    expect(cli.stderr).toMatch(new RegExp(`^ {2}/api/e/${name} {2}error {2}${error.replace(/[().]/g, '\\$&')}`, 'm'));
    expect(report.failures.find((failure: { route: string }) => failure.route === `/api/e/${name}`)?.error).toContain(error);
    // The handler threw nothing to name a place by: the route's file is named.
    expect(cli.stderr).toContain(` (src/server/routes/api/e/${name}.ts)\n`);
  }
}

// Without these bounds, such a build held 1.5 GB within seconds (V8 then died of it); with them, the
// build's usual memory.
const boundedMemory = 400 * 1024 * 1024;

describe('a route whose body never ends', () => {
  it('fails, named, as it passes prerender.maxBodySize, with exit code 1 and bounded memory', async () => {
    const { cli, peak } = await buildWith(tooLarge, 'timeout: 60000, maxBodySize: 1024 * 1024');
    expectFailed(cli, tooLarge, 'its body passed 1048576 bytes (prerender.maxBodySize); raise the limit if the file should be this large');
    expect(peak).toBeLessThan(boundedMemory);
  });

  it('of 5-byte chunks: fails past prerender.maxBodySize (5 MiB) with memory bounded by the bytes, not the chunks', async () => {
    // A million chunks: held as they came, they took 475 MB beside the build's own.
    const tiny = [{ name: 'tiny-chunks', body: `() => { const text = new TextEncoder(); return new ReadableStream({ pull(c) { c.enqueue(text.encode('tick ')); } }); }` }];
    const { cli, peak } = await buildWith(tiny, 'timeout: 60000, maxBodySize: 5 * 1024 * 1024');
    expectFailed(cli, tiny, 'its body passed 5242880 bytes (prerender.maxBodySize)');
    expect(peak).toBeLessThan(boundedMemory);
  });

  it('fails, named, past prerender.timeout though every read resolves at once, with exit code 1 and bounded memory', async () => {
    const { cli, peak } = await buildWith(tooSlow, 'timeout: 300');
    expectFailed(cli, tooSlow, 'its body did not end within 300 ms (prerender.timeout)');
    expect(peak).toBeLessThan(boundedMemory);
  });
});
