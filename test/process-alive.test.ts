/**
 * Whether a process runs, and what an ended one left (src/process-alive.ts): what tells a dead build's
 * lock and folders from a live one's.
 */
import { describe, expect, it } from 'vitest';
import { isLeftByEndedProcess, isProcessAlive } from '../src/process-alive.ts';
import { deadPid } from './support/pids.ts';

describe('isProcessAlive', () => {
  it('holds for this process and its parent, not for one that has exited', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(process.ppid)).toBe(true);
    expect(isProcessAlive(deadPid())).toBe(false);
  });
});

describe('isLeftByEndedProcess', () => {
  const prefix = '.site.staging-';

  it('holds for a name its prefix and the pid of an ended process start, and only then', () => {
    const dead = deadPid();
    expect(isLeftByEndedProcess(`${prefix}${dead}-a1b2`, prefix)).toBe(true);
    expect(isLeftByEndedProcess(`${prefix}${process.pid}-a1b2`, prefix)).toBe(false);
    expect(isLeftByEndedProcess(`${prefix}${process.ppid}-a1b2`, prefix)).toBe(false);
    expect(isLeftByEndedProcess(`.other.staging-${dead}-a1b2`, prefix)).toBe(false);
    expect(isLeftByEndedProcess(`${prefix}x${dead}-a1b2`, prefix)).toBe(false);
    expect(isLeftByEndedProcess(`${prefix}${dead}`, prefix)).toBe(false);
    expect(isLeftByEndedProcess(`${prefix}0-a1b2`, prefix)).toBe(false);
  });
});
