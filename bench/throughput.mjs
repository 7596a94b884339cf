// Requests per second and p99 latency of the built server (`node dist/<name>/server/index.mjs`) and
// `prerender preview` against Nitro 2's built server (`node .output/server/index.mjs`), on the same
// site: a prerendered 2 KB JSON file and a dynamic GET, at 50 and 200 connections (preview, which
// serves through the bundle's own server, at the first count only). The load comes from autocannon
// in this process, installed like Nitro into the cache folder outside the repository: it is a tool of
// the benchmark, never of the package, and `npm ci` (every test run's) stays as users get it. Every
// server runs at once; in each round every row runs once per server, the servers taking turns to go
// first, and a ratio is taken within a round.
//
// Alone (after `npm run build`): `node bench/throughput.mjs`. Env: BENCH_RUNS (rounds, default 3),
// BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (default 50,200).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { writeThroughputSite } from './fixtures.mjs';
import { measure, median } from './measure.mjs';
import { processCpuMs } from './proc-cpu.mjs';
import { ensureNitro, writeNitroThroughputSite } from './nitro.mjs';
import { ensureCached } from './tool-cache.mjs';

export const autocannonVersion = '9.0.0';

/** What is requested: the prerendered file, and a path only the handler answers. */
export const targets = { static: '/api/report.json', dynamic: '/api/live/7' };

/**
 * Builds the throughput site with us and with Nitro, serves each build, and measures every target at
 * every connection count for `seconds`, `runs` rounds. Returns rows of medians and ratios.
 */
export async function measureThroughput({ cli, work, runs, seconds, connections, note, withPreview = true }) {
  const autocannon = loadAutocannon(note);
  const nitroCli = ensureNitro(note);
  const ours = writeThroughputSite(join(work, 'throughput'));
  const nitroSite = writeNitroThroughputSite(join(work, 'nitro-throughput'));
  const oursOut = join(work, 'throughput-out');
  const nitroOut = join(nitroSite, '.output');
  note('throughput: building the site with us and with Nitro');
  await measure([cli, 'build', ours, '--no-typecheck'], { BENCH_OUT: oursOut });
  await measure([nitroCli, 'build', nitroSite], { BENCH_OUT: nitroOut }, nitroSite);

  const servers = {
    ours: await startServer([join(oursOut, 'site', 'server', 'index.mjs')], /Listening on (http:\S+)/),
    ...(withPreview ? { preview: await startServer([cli, 'preview', ours, '--port', '0'], /listening on (http:\S+)/i, { BENCH_OUT: oursOut }) } : {}),
    nitro: await startServer([join(nitroOut, 'server', 'index.mjs')], /Listening on (http:\S+)/),
  };
  try {
    for (const server of Object.values(servers)) {
      for (const path of Object.values(targets)) await check(server.url, path);
    }
    const load = (url, count, duration) => autocannon({ url, connections: count, duration });
    // Warm-up: the JIT of every server has seen every path before the first measured round.
    for (const server of Object.values(servers)) for (const path of Object.values(targets)) await load(server.url + path, 50, 2);
    const samples = {};
    for (let round = 0; round < runs; round++) {
      for (const [target, path] of Object.entries(targets)) {
        for (const count of connections) {
          // The order of the servers turns every round, so no server always runs after the same one.
          const names = Object.keys(servers).filter((name) => name !== 'preview' || count === connections[0]);
          const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
          for (const name of order) {
            const cpuBefore = processCpuMs(servers[name].pid);
            const result = await load(servers[name].url + path, count, seconds);
            const cpu = cpuBefore === undefined ? undefined : processCpuMs(servers[name].pid) - cpuBefore;
            (samples[`${name} ${target} ${count}`] ??= []).push(summary(result, cpu));
          }
        }
      }
      note(`throughput: round ${round + 1} of ${runs} done`);
    }
    return { rows: rowsOf(samples, Object.keys(servers), connections), seconds, rounds: runs, autocannon: autocannonVersion };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

/**
 * One autocannon result: mean requests per second, p99 latency (ms), every kind of failure, and the
 * server's CPU time per request (µs), which the load on a shared machine disturbs less than the rate.
 */
function summary(result, cpu) {
  const cpuPerRequest = cpu === undefined ? undefined : (cpu * 1000) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx, cpuPerRequest };
}

/** Medians per server, target and connection count, with ours / Nitro per round. */
function rowsOf(samples, names, connections) {
  const rows = [];
  for (const target of Object.keys(targets)) {
    for (const count of connections) {
      const of = (name) => samples[`${name} ${target} ${count}`];
      const row = { target, connections: count };
      for (const name of names) {
        const list = of(name);
        if (!list) continue;
        row[name] = {
          rps: median(list.map((s) => s.rps)),
          p99: median(list.map((s) => s.p99)),
          failures: list.reduce((sum, s) => sum + s.failures, 0),
          cpuPerRequest: list[0].cpuPerRequest === undefined ? undefined : median(list.map((s) => s.cpuPerRequest)),
          ratio: name === 'nitro' ? 1 : median(list.map((s, i) => s.rps / of('nitro')[i].rps)),
        };
      }
      rows.push(row);
    }
  }
  return rows;
}

/** autocannon's function, from the cache folder (installed there once). */
function loadAutocannon(note) {
  const folder = ensureCached('autocannon', autocannonVersion, note);
  return createRequire(join(folder, 'package.json'))('autocannon');
}

/** Starts `node ...args` and resolves with its URL once its output says where it listens. */
function startServer(args, listening, env = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const closed = new Promise((resolve) => child.on('close', resolve));
  let log = '';
  return new Promise((resolve, reject) => {
    const read = (chunk) => {
      log += chunk;
      const url = listening.exec(log)?.[1];
      if (!url) return;
      // Read on, but keep nothing: `prerender preview` logs a line per request, and holding (and
      // searching) its whole log took this process's CPU from the servers under load.
      for (const stream of [child.stdout, child.stderr]) stream.off('data', read).resume();
      resolve({ url: url.replace(/\/$/, '').replace('[::]', '127.0.0.1'), pid: child.pid, stop: () => (child.kill('SIGTERM'), closed) });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    closed.then((code) => reject(new Error(`node ${args.join(' ')} exited ${code} before listening:\n${log}`)));
  });
}

/** Fails the run unless `url + path` answers 200 with a body. */
async function check(url, path) {
  for (let tries = 0; ; tries++) {
    const response = await fetch(url + path).catch((error) => error);
    if (response.status === 200 && (await response.text()).length > 0) return;
    if (tries > 50) throw new Error(`${url}${path} did not answer 200: ${response.status ?? response.message}`);
    await sleep(100);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const work = mkdtempSync(join(tmpdir(), 'bench-throughput-'));
  try {
    const result = await measureThroughput({
      cli: join(repo, 'lib', 'cli', 'prerender.js'),
      work,
      runs: Number(process.env.BENCH_RUNS ?? 3),
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      connections: (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number),
      note: (message) => process.stderr.write(`bench: ${message}\n`),
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
