// The CPU time the whole machine spent, from /proc/stat: set against a build's own CPU time, it says
// how much ran beside the build (another engineer's job, the kernel writing back files the build
// wrote), which a figure from this shared 2-core machine cannot be read without. Linux only.
import { readFileSync } from 'node:fs';

/** Busy CPU ms of every core so far (user, nice, system, irq, softirq, steal), or null off Linux. */
export function machineCpuMs() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // /proc/stat counts in clock ticks of 10 ms (USER_HZ 100 on Linux).
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}
