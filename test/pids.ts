/** Process ids in tests: whether one still runs, and one that has surely ended. */
import { execFileSync } from 'node:child_process';

/** Whether process `pid` runs (one of another user's counts: signalling it is refused, not failed). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a process that has exited: a lock or folder naming it is a stopped one's. */
export function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
}
