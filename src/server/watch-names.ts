/** Watching files and folders for the dev server: the config file, the routes folder, what each build read. */
import { existsSync, readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { isInside } from '../runtime/inside.ts';

/**
 * Calls `onChange` shortly after a file named one of `names` in `folder` is written, created,
 * replaced or removed. The folder is watched rather than the file, since editors often save by
 * replacing the file, and one save often makes several events: they are merged into one call.
 * Unlike Rollup's watcher it is in place when this returns, so no change right after is missed.
 * `undefined` when the folder cannot be watched (it does not exist).
 */
export function watchNames(folder: string, names: readonly string[], onChange: () => void): FSWatcher | undefined {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watchFolder(folder, {}, (name) => {
    if (!names.includes(name)) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, 20);
  });
  watcher?.on('close', () => clearTimeout(timer));
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

/** What {@link watchPaths} returns. */
export interface PathWatcher {
  /** Watches these paths too (absolute; others are skipped), and watches again a folder made anew. */
  add(paths: Iterable<string>): void;
  close(): void;
}

/**
 * Calls `onChange(path)` when a path added is written, created, replaced or removed, and for a folder
 * added, anything under it. A file is watched through its folder, so a file removed and written back
 * (`git stash`, an editor's save by rename) is seen.
 */
export function watchPaths(onChange: (path: string, event: 'rename' | 'change') => void): PathWatcher {
  const files = new Set<string>();
  const trees = new Set<string>();
  // By folder: a folder removed and made again is a new folder (inode), which the old watch misses.
  const watched = new Map<string, { ino?: number; recursive: boolean; watcher?: Closable }>();
  const inTree = (path: string) => [...trees].some((tree) => isInside(path, tree));
  const watchOne = (folder: string, recursive: boolean) => {
    const ino = statSync(folder, { throwIfNoEntry: false })?.ino;
    const known = watched.get(folder);
    if (known && known.ino === ino && known.recursive === recursive) return;
    known?.watcher?.close();
    const report = (name: string, event: 'rename' | 'change') => (recursive || files.has(join(folder, name))) && onChange(join(folder, name), event);
    const watch = () => (recursive ? watchTree(folder, report) : watchFolder(folder, {}, report));
    watched.set(folder, { ino, recursive, watcher: ino === undefined ? undefined : watch() });
  };
  return {
    add(paths) {
      for (const path of paths) {
        if (!isAbsolute(path) || files.has(path) || inTree(path)) continue;
        if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) trees.add(path);
        else files.add(path);
      }
      for (const tree of trees) watchOne(tree, true);
      for (const folder of new Set([...files].filter((file) => !inTree(file)).map((file) => dirname(file)))) if (!trees.has(folder)) watchOne(folder, false);
    },
    close() {
      for (const { watcher } of watched.values()) watcher?.close();
    },
  };
}

/** A watch that can be ended. */
interface Closable {
  close(): void;
}

/**
 * {@link watchFolder} of `root` and everything under it. On Linux, each folder is watched on its own,
 * a folder made later as it appears: Node 20 and 22 make `recursive` there by watching each file,
 * and a file replaced by a rename (vim's save, `sed -i`, an IDE's "safe write") was then never
 * reported again, so dev served the route's old code for good; a folder's watch sees every name in
 * it, whatever file it now is. Node 24 watches folders so itself; elsewhere the system's own
 * recursive watch is used. `undefined` if `root` is not there.
 */
function watchTree(root: string, onEvent: (name: string, event: 'rename' | 'change') => void): Closable | undefined {
  if (process.platform !== 'linux') return watchFolder(root, { recursive: true }, onEvent);
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder)) return;
    const watcher = watchFolder(folder, {}, (name, event) => {
      const path = join(folder, name);
      if (event === 'rename') {
        // A folder removed, made anew or moved in is a new folder: watched again, with what it holds.
        const old = watchers.get(path);
        watchers.delete(path);
        old?.close();
        if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) addTree(path);
      }
      onEvent(relative(root, path), event);
    });
    if (!watcher) return;
    watcher.on('close', () => watchers.get(folder) === watcher && watchers.delete(folder));
    watchers.set(folder, watcher);
  };
  const addTree = (folder: string) => {
    add(folder);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // Gone meanwhile: its watch ends with it.
    }
    for (const entry of entries) if (entry.isDirectory()) addTree(join(folder, entry.name));
  };
  addTree(root);
  if (!watchers.has(root)) return undefined;
  return { close: () => [...watchers.values()].forEach((watcher) => watcher.close()) };
}

/**
 * `fs.watch` of a folder, calling `onEvent` with the name (relative to it) of what changed and how:
 * `rename` when it was created, removed or renamed. `undefined` if the folder is not there.
 */
function watchFolder(folder: string, options: { recursive?: boolean }, onEvent: (name: string, event: 'rename' | 'change') => void): FSWatcher | undefined {
  let watcher: FSWatcher;
  try {
    watcher = watch(folder, options, (event, name) => name && onEvent(name.toString(), event));
  } catch {
    return undefined;
  }
  // A folder that goes away takes its watcher with it; there is nothing left to report.
  watcher.on('error', () => watcher.close());
  return watcher;
}
