/**
 * The `fs` and `fs/promises` a bundled module gets in a build's bundle (bundle/tracked-modules.ts):
 * Node's own functions, each call that reads a file or folder by its path noted in the log of the
 * render under way (reads.ts) first. A read is anything whose answer depends on what is at the path:
 * its bytes (`readFile`, `createReadStream`, `open` for reading, `openAsBlob`, `copyFile`'s source),
 * its names (`readdir`, `opendir`; every name below it when `recursive`), or its being there at all (`stat`, `exists`, `access`, `realpath`,
 * `readlink`). Writes are not reads. A file descriptor names no path: the `open` that made it was
 * noted.
 */
import { constants } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentLog, type ReadLog } from './reads.ts';

/** Functions whose first argument is a path they read. */
const pathReads = [
  'access',
  'copyFile',
  'cp',
  'createReadStream',
  'exists',
  'lstat',
  'openAsBlob',
  'readFile',
  'readlink',
  'realpath',
  'stat',
] as const;

/** The path a path argument names (string, Buffer or file: URL), absolute; `undefined` for a descriptor or anything else. */
function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return resolve(value);
  if (value instanceof URL) return value.protocol === 'file:' ? fileURLToPath(value) : undefined;
  if (value instanceof Uint8Array) return resolve(Buffer.from(value).toString());
  return undefined;
}

/** Whether `open` flags (a string such as `'r'`, or a number) open the file for reading only. */
function readsOnly(flags: unknown): boolean {
  if (flags === undefined || flags === null) return true;
  if (typeof flags === 'string') return flags.startsWith('r') && !flags.includes('+');
  return typeof flags === 'number' && (flags & (constants.O_WRONLY | constants.O_RDWR)) === 0;
}

type AnyFunction = (...args: unknown[]) => unknown;
/** What a tracked function notes in the log, from the arguments it was called with. */
type Note = (log: ReadLog, args: unknown[]) => void;

/**
 * `real` with its arguments noted first, and its own properties kept, functions among them noted the
 * same way (`realpath.native`, the `util.promisify.custom` of `exists`); `nested`: one of those.
 */
function noting(real: AnyFunction, note: Note, nested = false): AnyFunction {
  const tracked = function (this: unknown, ...args: unknown[]) {
    const log = currentLog();
    if (log) note(log, args);
    return real.apply(this, args);
  };
  if (nested) return tracked;
  for (const key of [...Object.keys(real), ...Object.getOwnPropertySymbols(real)]) {
    const value = (real as unknown as Record<PropertyKey, unknown>)[key];
    (tracked as unknown as Record<PropertyKey, unknown>)[key] = typeof value === 'function' ? noting(value as AnyFunction, note, true) : value;
  }
  return tracked;
}

/**
 * {@link pathOf} a path argument of a read by `module`; a relative one also notes the working folder
 * as read: which file it names depends on it (a build run from the site's parent reads another file),
 * which no fingerprint of the file tells.
 */
function readPath(log: ReadLog, module: string, value: unknown): string | undefined {
  const given = value instanceof Uint8Array ? Buffer.from(value).toString() : value;
  if (typeof given !== 'string') return pathOf(value);
  if (!isAbsolute(given)) log.cwd(module);
  return resolve(given);
}

/** Notes the path in argument 0 as read by `module`. */
const firstPath = (module: string): Note => (log, args) => {
  const path = readPath(log, module, args[0]);
  if (path !== undefined) log.file(module, path);
};

/** Notes the path `open` is given when it opens it for reading only. */
const openedPath = (module: string): Note => (log, args) => {
  if (!readsOnly(typeof args[1] === 'function' ? undefined : args[1])) return;
  const path = readPath(log, module, args[0]);
  if (path !== undefined) log.file(module, path);
};

/** Notes the folder `readdir` or `opendir` lists: its names, or with `recursive` every name below it (a tree). */
const listedFolder = (module: string): Note => (log, args) => {
  const path = readPath(log, module, args[0]);
  if (path === undefined) return;
  const options = args[1] as { recursive?: unknown } | undefined;
  if (typeof options === 'object' && options !== null && options.recursive === true) log.tree(module, path);
  else log.file(module, path);
};

/** Notes the folder a `glob` walks (its `cwd`, else the working directory: then the environment too) as a tree read by `module`. */
const globbedTree = (module: string): Note => (log, args) => {
  const options = args[1] as { cwd?: unknown } | undefined;
  const cwd = typeof options === 'object' && options !== null ? options.cwd : undefined;
  log.tree(module, readPath(log, module, cwd ?? '.') ?? process.cwd());
};

/** The read functions of an fs-like object (`fs` or `fs/promises`), tracked for `module`. */
function trackedFunctions(real: Record<string, unknown>, module: string, sync: boolean): Record<string, unknown> {
  const wrapped: Record<string, unknown> = {};
  const wrap = (name: string, note: Note) => {
    if (typeof real[name] === 'function') wrapped[name] = noting(real[name] as AnyFunction, note);
  };
  for (const name of pathReads) {
    wrap(name, firstPath(module));
    if (sync) wrap(`${name}Sync`, firstPath(module));
  }
  for (const name of ['readdir', 'opendir']) {
    wrap(name, listedFolder(module));
    if (sync) wrap(`${name}Sync`, listedFolder(module));
  }
  wrap('open', openedPath(module));
  wrap('glob', globbedTree(module));
  if (sync) {
    wrap('openSync', openedPath(module));
    wrap('globSync', globbedTree(module));
  }
  return wrapped;
}

/** Node's `fs` for `module` (its path from the site root), every read noted (see above); `fs.promises` too. */
export function trackFs<T extends object>(fs: T, module: string): T {
  const real = fs as Record<string, unknown>;
  const promises = real.promises === undefined ? {} : { promises: trackFsPromises(real.promises as object, module) };
  return { ...real, ...trackedFunctions(real, module, true), ...promises } as T;
}

/** Node's `fs/promises` for `module`, every read noted (see above). */
export function trackFsPromises<T extends object>(promises: T, module: string): T {
  const real = promises as Record<string, unknown>;
  return { ...real, ...trackedFunctions(real, module, false) } as T;
}
