/** Process ids in tests: whether one still runs, and one that has surely ended. */
import { execFileSync } from 'node:child_process';

/** Whether process `pid` runs (one of another user's counts: signalling it is refused, not failed). */
export { isProcessAlive as isRunning } from '../../src/process-alive.ts';

/** The pid of a process that has exited: a lock or folder naming it is a stopped one's. */
export function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
}
