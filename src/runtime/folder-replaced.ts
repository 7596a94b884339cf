/**
 * When a build's folder is replaced. A build puts `dist/<name>/` in place whole, as a new folder
 * (another inode), which `fs.watchFile` sees by polling its stat: a watcher on the folder itself
 * would stay on the one moved away. Polling costs no request a system call.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls `onReplaced` each time the folder `dir` is another folder than before; the returned function
 * stops watching. It never keeps the process alive.
 */
export function watchReplaced(dir: string, onReplaced: () => void, intervalMs = 1000): () => void {
  function changed(now: Stats, before: Stats) {
    // Missing (the old output moved away, the new one not yet in place): the next poll sees it.
    if (now.ino === 0 || (now.ino === before.ino && now.dev === before.dev)) return;
    onReplaced();
  }
  watchFile(dir, { interval: intervalMs, persistent: false }, changed);
  return () => unwatchFile(dir, changed);
}
