// How long a saved route edit takes to be served by `prerender dev` (SPEC section 7: within 100 ms
// median on sample-site and on 1,000 route files alike). Starts the real bin on a site, edits one
// route file, polls its URL until the new body comes back, and repeats. `npm run bench` runs it on
// both sites, the 1,000 route files twice: as started, and after every route was requested once
// (what a rebuild must not then pay for); alone: `node bench/dev-reload.mjs` (after `npm run build`)
// does the same, in one run.
// Env: BENCH_EDITS (10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { copySampleSite, routeFilesPaths, writeRouteFilesSite } from './fixtures.mjs';
import { median } from './measure.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'lib', 'cli', 'prerender.js');

/**
 * Edits `file` (relative to `root`) `edits` times, each time to a handler answering a new word, and
 * returns the milliseconds from each save to the new body served at `path`; edit 0 only warms up.
 * `requested` paths are asked once each before the first edit, as a developer who has been through
 * the site has asked them.
 */
export async function measureDevReload(root, file, path, { edits = Number(process.env.BENCH_EDITS ?? 10), requested = [] } = {}) {
  return withDevServer(root, path, async (url) => {
    for (const other of requested) await fetch(new URL(other, url)).then((response) => response.arrayBuffer());
    const samples = [];
    for (let i = 0; i <= edits; i++) {
      const started = performance.now();
      await saveAndWait(root, file, url, `edit-${i}`);
      if (i > 0) samples.push(performance.now() - started);
      // Let the save's trailing watcher events and rebuilds settle before the next edit.
      await sleep(400);
    }
    return { median: median(samples), max: Math.max(...samples), samples };
  });
}

/**
 * Starts `prerender dev root` (the real bin, with `nodeArgs` for Node), waits until `path` answers
 * 200, and returns what `use(url, pid)` returns; the server is stopped after, and its output shown if
 * `use` throws.
 */
export async function withDevServer(root, path, use, nodeArgs = []) {
  const server = spawn(process.execPath, [...nodeArgs, cli, 'dev', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const listening = new Promise((resolve, reject) => {
    server.stderr.on('data', (chunk) => {
      log += chunk;
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log)?.[1];
      if (port) resolve(port);
    });
    server.on('close', () => reject(new Error(`prerender dev exited:\n${log}`)));
  });
  const stopped = new Promise((resolve) => server.on('close', resolve));
  try {
    const url = `http://127.0.0.1:${await listening}${path}`;
    await waitForStatus(url, 60_000);
    return await use(url, server.pid);
  } catch (error) {
    throw new Error(`${error.message}\n--- dev server output ---\n${log.slice(-5000)}`);
  } finally {
    server.kill('SIGINT');
    await stopped;
  }
}

/** Saves `file` as a route answering `Hello <word>` and waits until `url` serves it. */
export async function saveAndWait(root, file, url, word) {
  writeFileSync(join(root, file), `import { defineEventHandler } from 'h3';\n\nexport default defineEventHandler(() => 'Hello ${word}');\n`);
  await waitForBody(url, `Hello ${word}`, 30_000);
}

/** Polls `url` every few milliseconds until it answers `body`. */
async function waitForBody(url, body, deadlineMs) {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const text = await fetch(url).then((r) => r.text(), () => undefined);
    if (text === body) return;
    if (performance.now() > deadline) throw new Error(`${url} never answered ${JSON.stringify(body)}; last: ${JSON.stringify(text)}`);
    await sleep(5);
  }
}

/** Polls `url` until it answers 200 (the first build is done). */
async function waitForStatus(url, deadlineMs) {
  const deadline = performance.now() + deadlineMs;
  while ((await fetch(url).then((r) => r.status, () => 0)) !== 200) {
    if (performance.now() > deadline) throw new Error(`${url} never answered 200`);
    await sleep(20);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'bench-dev-'));
  try {
    const thousand = writeRouteFilesSite(join(work, 'files-1000'), 1000);
    const sites = [
      ['sample-site', copySampleSite(join(repo, 'sample-site'), join(work, 'sample-site')), 'src/server/routes/api/v1/hello.ts', '/api/v1/hello'],
      ['1,000 route files', thousand, 'src/server/routes/api/group-0/route-0.get.ts', '/api/group-0/route-0'],
      ['1,000 route files, every route requested first', thousand, 'src/server/routes/api/group-0/route-0.get.ts', '/api/group-0/route-0', routeFilesPaths(1000)],
    ];
    for (const [name, root, file, path, requested] of sites) {
      const result = await measureDevReload(root, file, path, { requested });
      console.log(`edit to served, ${name}: samples (ms) ${result.samples.map((ms) => ms.toFixed(0)).join(' ')}`);
      console.log(`  median ${result.median.toFixed(0)} ms, max ${result.max.toFixed(0)} ms (target: 100 ms median)`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
