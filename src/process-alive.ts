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

/**
 * Whether `name`, a file or folder named `<prefix><pid>-...` by the process that made it, is what a
 * process that has ended left behind (killed before it could remove it): safe to remove. Another
 * name, or one of this process, is not.
 * @example isLeftByEndedProcess('.site.staging-4242-a1b2', '.site.staging-') // true once process 4242 has ended
 */
export function isLeftByEndedProcess(name: string, prefix: string): boolean {
  if (!name.startsWith(prefix)) return false;
  const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
  return pid > 0 && pid !== process.pid && !isProcessAlive(pid);
}
