// Runs one whole process and reports its wall time and peak RSS (through the max-rss.mjs preload).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const preload = new URL('./max-rss.mjs', import.meta.url).href;
const scratch = mkdtempSync(join(tmpdir(), 'bench-rss-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let runs = 0;

/**
 * `node --import max-rss.mjs ...args` with `env` added, in `cwd`; resolves to `{ ms, rss, cpu }` (wall
 * ms, peak RSS in bytes, CPU ms of all threads) or rejects with the process's stderr when it exits
 * non-zero.
 */
export function measure(args, env = {}, cwd = undefined) {
  const rssFile = join(scratch, `rss-${runs++}`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', preload, ...args], {
      env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      cwd,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`));
      resolve({ ms, ...JSON.parse(readFileSync(rssFile, 'utf8')), stderr });
    });
  });
}

/** The median of some numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
