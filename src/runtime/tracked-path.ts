/**
 * The `path` (and `path/posix`) a bundled module gets in a build's bundle (bundle/tracked-modules.ts):
 * Node's own, but a `resolve` or `relative` that starts from the working folder (no absolute path
 * among its arguments) notes it as read (reads.ts): the absolute path made names another file when
 * the build runs from another folder, which no fingerprint of that file tells, as a relative path
 * `fs` reads (tracked-fs.ts) and `process.cwd()` (tracked-env.ts).
 */
import type { PlatformPath } from 'node:path';
import { currentLog } from './reads.ts';

/** `real` (a `path` module) for `module` (its path from the site root), its `posix` and `win32` alike. */
export function trackPath(real: PlatformPath, module: string): PlatformPath {
  const tracked = (of: PlatformPath): PlatformPath => {
    const fromCwd = (paths: string[]) => {
      if (!paths.some((path) => typeof path === 'string' && of.isAbsolute(path))) currentLog()?.cwd(module);
    };
    return {
      ...of,
      resolve: (...paths) => (fromCwd(paths), of.resolve(...paths)),
      relative: (from, to) => (fromCwd([from]), fromCwd([to]), of.relative(from, to)),
    } as PlatformPath;
  };
  const posix = tracked(real.posix);
  const win32 = tracked(real.win32);
  const own = real === real.win32 ? win32 : real === real.posix ? posix : tracked(real);
  return Object.assign(own, { posix, win32 });
}
