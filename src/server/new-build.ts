/**
 * When the build a server serves is replaced. A build puts `dist/<name>/` in place whole, as a new
 * folder (another inode), which `fs.watchFile` sees by polling its stat: a watcher on the folder
 * itself would stay on the one moved away.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls `onNewBuild` once, when the folder `dir` (a build's output) is replaced; the returned
 * function stops watching. It never keeps the process alive.
 */
export function watchForNewBuild(dir: string, onNewBuild: () => void, intervalMs = 1000): () => void {
  const stop = () => unwatchFile(dir, changed);
  function changed(now: Stats, before: Stats) {
    // Missing (the old output moved away, the new one not yet in place): the next poll sees it.
    if (now.ino === 0 || now.ino === before.ino) return;
    stop();
    onNewBuild();
  }
  watchFile(dir, { interval: intervalMs, persistent: false }, changed);
  return stop;
}
