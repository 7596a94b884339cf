// CPU time from /proc: a process's own, and the whole machine's. Set against a build's own CPU time,
// the machine's says how much ran beside the build (another engineer's job, the kernel writing back
// files the build wrote), which a figure from this shared 2-core machine cannot be read without.
// Linux only.
import { readFileSync } from 'node:fs';

/** /proc counts CPU time in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const tickMs = 10;

/** User + system CPU ms of one process (utime and stime of /proc/<pid>/stat), `undefined` when it has ended or off Linux. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tickMs;
  } catch {
    return undefined;
  }
}

/** Busy CPU ms of every core so far (user, nice, system, irq, softirq, steal), or null off Linux. */
export function machineCpuMs() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) * tickMs;
  } catch {
    return null;
  }
}
