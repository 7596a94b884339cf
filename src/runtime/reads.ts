/**
 * What a route reached while it rendered, as the prerender learns it for the cache (SPEC section 8):
 * the files it read, the environment, the network. Goes into the bundle with the tracked stand-ins
 * for `fs`, `process.env` and the network modules (tracked-fs.ts, tracked-env.ts, tracked-net.ts),
 * which note each use in the {@link ReadLog} of the render under way. The prerender owns the logs:
 * it puts its AsyncLocalStorage on `globalThis` under {@link readLogKey} and renders each route, and
 * loads the bundle, inside it, so a use is noted in the log of whoever made it, also with 16 routes
 * in flight. Without a prerender (the built server, preview) there is no storage: a use costs one
 * property read.
 */

/** Where a use is noted: the log of one route's render, or of the bundle's load. */
export interface ReadLog {
  /** `module` (its path from the site root) read, listed or looked at the file or folder `path` (absolute). */
  file(module: string, path: string): void;
  /**
   * `module` read from the file tree below `path` by a pattern (`fs.glob`): which files it matched
   * depends on every name below it.
   */
  tree(module: string, path: string): void;
  /** `module` read `process.env[name]`, or listed the environment (`name` undefined). */
  env(module: string, name: string | undefined): void;
  /**
   * `module` asked for the working folder (`process.cwd()`), or named a file by a path relative to
   * it: which file that is depends on where the build runs, which no fingerprint of the file tells.
   */
  cwd(module: string): void;
  /** Something reached the network (a request, a socket, a DNS query). */
  network(): void;
}

/** The key of the prerender's AsyncLocalStorage of logs on `globalThis`: registered, so the build and the bundle name one key. */
export const readLogKey: unique symbol = Symbol.for('api-prerender.reads');

/** The storage the prerender keeps logs in; only `getStore` is asked for here. */
interface LogStorage {
  getStore(): ReadLog | undefined;
}

/** The log of the render (or bundle load) under way, when a prerender tracks reads; else `undefined`. */
export function currentLog(): ReadLog | undefined {
  return (globalThis as { [readLogKey]?: LogStorage })[readLogKey]?.getStore();
}
