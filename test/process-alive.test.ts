/** Whether a process runs (src/process-alive.ts): what tells a dead build's lock and folders from a live one's. */
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../src/process-alive.ts';
import { deadPid } from './support/pids.ts';

describe('isProcessAlive', () => {
  it('holds for this process and its parent, not for one that has exited', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(process.ppid)).toBe(true);
    expect(isProcessAlive(deadPid())).toBe(false);
  });
});
