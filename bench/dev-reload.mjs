// How long a saved route edit takes to be served by `prerender dev` (SPEC section 7: within 300 ms).
// Starts the real bin on a copy of sample-site in a temporary folder, edits a route, polls the URL
// until the new body comes back, and repeats. Prints every sample, the median and the max.
//
// Run after `npm run build`: node bench/dev-reload.mjs   Env: BENCH_EDITS (default 10).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'lib', 'cli', 'prerender.js');
const edits = Number(process.env.BENCH_EDITS ?? 10);

const work = mkdtempSync(join(tmpdir(), 'bench-dev-'));
const root = join(work, 'sample-site');
const source = join(repo, 'sample-site');
cpSync(source, root, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('dist') });
const routeFile = join(root, 'src/server/routes/api/v1/hello.ts');
const routeSource = (word) => `import { defineEventHandler } from 'h3';\n\nexport default defineEventHandler(() => 'Hello ${word}');\n`;

const port = await freePort();
const url = `http://127.0.0.1:${port}/api/v1/hello`;
const server = spawn(process.execPath, [cli, 'dev', root, '--port', String(port)], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
let log = '';
server.stderr.on('data', (chunk) => (log += chunk));
const stopped = new Promise((resolve) => server.on('close', resolve));

try {
  await waitForBody('Hello World', 60_000);
  const samples = [];
  // Edit 0 warms up the rebuild path and is not counted.
  for (let i = 0; i <= edits; i++) {
    const word = `edit-${i}`;
    const started = performance.now();
    writeFileSync(routeFile, routeSource(word));
    await waitForBody(`Hello ${word}`, 30_000);
    if (i > 0) samples.push(performance.now() - started);
    // Let the save's trailing watcher events and rebuilds settle before the next edit.
    await sleep(400);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`edit to served, ${samples.length} edits of sample-site/src/server/routes/api/v1/hello.ts:`);
  console.log(`  samples (ms): ${samples.map((ms) => ms.toFixed(0)).join(' ')}`);
  console.log(`  median ${median.toFixed(0)} ms, max ${samples.at(-1).toFixed(0)} ms (target: 300 ms)`);
} catch (error) {
  console.error(`${error.message}\n--- dev server output ---\n${log}`);
  process.exitCode = 1;
} finally {
  server.kill('SIGINT');
  await stopped;
  rmSync(work, { recursive: true, force: true });
}

/** Polls `url` every few milliseconds until it answers `body`. */
async function waitForBody(body, deadlineMs) {
  const deadline = performance.now() + deadlineMs;
  for (;;) {
    const text = await fetch(url).then((r) => r.text(), () => undefined);
    if (text === body) return;
    if (performance.now() > deadline) throw new Error(`${url} never answered ${JSON.stringify(body)}; last: ${JSON.stringify(text)}`);
    await sleep(5);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
