/**
 * Bodies that never end: a stream whose pull enqueues synchronously never lets a timer run, and one
 * made from an endless generator grows as fast as it is read. prerender.timeout is checked per chunk
 * and prerender.maxBodySize bounds what a body may hold, so each fails its route, named, and the
 * build's memory stays bounded: each process of the bin reports its peak resident memory as it exits.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { route, runCli, tempDir, writeSite } from './support/helpers.ts';

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

/** The run failed the routes of `failing` alone, each with `error`, in the log and in --json. */
function expectFailed(cli: { code: number | null; stdout: string; stderr: string }, failing: { name: string }[], error: string): void {
  expect(cli.code, cli.stderr).toBe(1);
  expect(cli.stderr).toContain(`${failing.length} route${failing.length === 1 ? '' : 's'} failed to prerender; nothing was published`);
  const report = JSON.parse(cli.stdout);
  expect(report.ok).toBe(1);
  for (const { name } of failing) {
    expect(cli.stderr).toMatch(new RegExp(`^ {2}/api/e/${name} {2}error {2}${error.replace(/[().]/g, '\\$&')}`, 'm'));
    expect(report.failures.find((failure: { route: string }) => failure.route === `/api/e/${name}`)?.error).toContain(error);
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
