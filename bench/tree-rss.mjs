// Samples the resident set of a process and all its descendants (threads included, as they share
// the process's pages) from /proc, every few milliseconds, and keeps the peak of the sum: what a
// machine running the build sees, with a type check in a child process counted too. Linux only;
// elsewhere it reports nothing and the bench falls back to the main process's maxRSS.
import { readFileSync, readdirSync } from 'node:fs';
import { processCpuMs } from './proc-cpu.mjs';

const pageless = process.platform !== 'linux';

/** The pids of `pid` and its descendants, through /proc/<pid>/task/<tid>/children. */
function tree(pid) {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${found[i]}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        for (const child of readFileSync(`/proc/${found[i]}/task/${tid}/children`, 'utf8').split(' ')) if (child) found.push(Number(child));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return found;
}

/** VmRSS of one process in bytes, 0 when it has ended. */
function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts sampling `pid`'s process tree every `everyMs`; `stop()` returns the peak summed RSS in bytes
 * (null off Linux), how many processes the tree had at most, the CPU ms its child processes used as
 * last seen (the main process counts its own), and `alonePeak`: the peak after the last child process
 * was seen (a build's prerender, once its toolchain and type check have ended; null when it had none).
 */
export function sampleTreeRss(pid, everyMs = 20) {
  if (pageless) return { stop: () => ({ peak: null, alonePeak: null, processes: 0, childCpu: 0 }) };
  let peak = 0;
  let alonePeak = null;
  let processes = 0;
  const childCpu = new Map();
  const take = () => {
    const pids = tree(pid);
    for (const each of pids.slice(1)) {
      const cpu = processCpuMs(each);
      if (cpu !== undefined) childCpu.set(each, cpu);
    }
    const sum = pids.reduce((total, each) => total + rssOf(each), 0);
    if (sum > peak) peak = sum;
    if (pids.length > processes) processes = pids.length;
    if (pids.length > 1) alonePeak = 0;
    else if (alonePeak !== null && sum > alonePeak) alonePeak = sum;
  };
  const timer = setInterval(take, everyMs);
  take();
  return {
    stop() {
      clearInterval(timer);
      return { peak, alonePeak: alonePeak || null, processes, childCpu: [...childCpu.values()].reduce((a, b) => a + b, 0) };
    },
  };
}
