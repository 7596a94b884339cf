// Runs one whole process and reports its wall time and peak RSS: the peak of the summed RSS of the
// process and its children, sampled from /proc (tree-rss.mjs), so that a type check in a child
// process counts; the main process's own peak RSS (through the max-rss.mjs preload) is kept beside it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineCpuMs } from './proc-cpu.mjs';
import { sampleTreeRss } from './tree-rss.mjs';

const preload = new URL('./max-rss.mjs', import.meta.url).href;
const scratch = mkdtempSync(join(tmpdir(), 'bench-rss-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let runs = 0;

/**
 * `node --import max-rss.mjs ...args` with `env` added, in `cwd`; resolves to `{ ms, rss, cpu }` (wall
 * ms; `rss`, the peak RSS in bytes of the process tree, or of the process alone off Linux; `mainRss`, the
 * process's own peak RSS; `aloneRss`, the tree's peak after its last child process ended (null when it
 * started none, or off Linux); `cpu`, CPU ms of all its threads and child processes; `outsideCpu`, CPU
 * ms the machine spent meanwhile on anything else, this bench's sampling included, null off Linux)
 * or rejects with the process's stderr when it exits non-zero.
 */
export function measure(args, env = {}, cwd = undefined) {
  const rssFile = join(scratch, `rss-${runs++}`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const machineBefore = machineCpuMs();
    const child = spawn(process.execPath, ['--import', preload, ...args], {
      env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      cwd,
    });
    const sampler = sampleTreeRss(child.pid);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const machineAfter = machineCpuMs();
      const tree = sampler.stop();
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`));
      const { rss: mainRss, cpu } = JSON.parse(readFileSync(rssFile, 'utf8'));
      // Sampling can miss a short peak of the main process that its own peak saw: the larger of the two.
      const treeCpu = cpu + tree.childCpu;
      const outsideCpu = machineBefore === null || machineAfter === null ? null : Math.max(0, machineAfter - machineBefore - treeCpu);
      resolve({ ms, rss: Math.max(tree.peak ?? 0, mainRss), mainRss, aloneRss: tree.alonePeak, cpu: treeCpu, outsideCpu, stderr });
    });
  });
}

/** The median of some numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
