/**
 * Whether process `pid` runs on this machine: a signal 0 reaches it, or it exists but belongs to
 * another user (EPERM). Tells a dead build's leftovers from a live one's.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
