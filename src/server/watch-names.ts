import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Calls `onChange` shortly after a file named one of `names` in `folder` is written, created,
 * replaced or removed. The folder is watched rather than the file, since editors often save by
 * replacing the file, and one save often makes several events: they are merged into one call.
 * Unlike Rollup's watcher it is in place when this returns, so no change right after is missed.
 * `undefined` when the folder cannot be watched (it does not exist).
 */
export function watchNames(folder: string, names: readonly string[], onChange: () => void): FSWatcher | undefined {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(folder, (_event, name) => {
      if (!name || !names.includes(name.toString())) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, 20);
    });
  } catch {
    return undefined;
  }
  // A folder that goes away takes its watcher with it; there is nothing left to report.
  watcher.on('error', () => watcher.close());
  watcher.on('close', () => clearTimeout(timer));
  return watcher;
}

/**
 * Calls `onAppear` once `folder` exists (at once if it does): watches the nearest existing folder
 * above it for the next missing name, one level at a time, so `mkdir -p` of the whole path counts.
 * Returns a function that stops waiting.
 */
export function waitForFolder(folder: string, onAppear: () => void): () => void {
  let watcher: FSWatcher | undefined;
  let stopped = false;
  const arm = () => {
    watcher?.close();
    if (stopped) return;
    if (existsSync(folder)) return onAppear();
    let [parent, name] = [dirname(folder), basename(folder)];
    while (!existsSync(parent) && dirname(parent) !== parent) [parent, name] = [dirname(parent), basename(parent)];
    watcher = watchNames(parent, [name], arm);
    // Made between the check and the watch: no event will come for it.
    if (existsSync(join(parent, name))) arm();
  };
  arm();
  return () => {
    stopped = true;
    watcher?.close();
  };
}

/**
 * Calls `onChange` once one of `files` (absolute paths) is written, created or removed: one
 * {@link watchNames} per folder. For the files a failed build needs that Rollup's watcher may not
 * see come back (a module removed and written again).
 */
export function watchFiles(files: Iterable<string>, onChange: () => void): { close(): void } {
  const byFolder = new Map<string, string[]>();
  for (const file of files) byFolder.set(dirname(file), [...(byFolder.get(dirname(file)) ?? []), basename(file)]);
  const watchers = [...byFolder].map(([folder, names]) => watchNames(folder, names, onChange));
  return { close: () => watchers.forEach((watcher) => watcher?.close()) };
}

/**
 * Calls `onChange(path)` for every file or folder written, created or removed anywhere under
 * `folder` (absolute paths). `undefined` when the folder cannot be watched (it does not exist).
 */
export function watchFolder(folder: string, onChange: (path: string) => void): FSWatcher | undefined {
  let watcher: FSWatcher;
  try {
    watcher = watch(folder, { recursive: true }, (_event, name) => {
      if (name) onChange(join(folder, name.toString()));
    });
  } catch {
    return undefined;
  }
  watcher.on('error', () => watcher.close());
  return watcher;
}
