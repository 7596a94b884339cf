import { join, relative, resolve } from 'node:path';
import { errors } from '../errors.ts';
import { isInside } from '../runtime/inside.ts';
import { defaults } from './defaults.ts';

/**
 * Every build replaces `<outDir>/<name>` whole, and copies publicDir into it: neither may take the
 * site's own files with it. Throws a CONFIG error when the output folder is or holds the root,
 * routesDir or publicDir, or when publicDir or routesDir holds outDir, naming where they are set
 * (`origin`, see key-origin.ts). All paths are absolute.
 */
export function checkOutput(root: string, name: string, dirs: { routesDir: string; publicDir: string; outDir: string }, origin?: string): void {
  const dist = join(dirs.outDir, name);
  const sources = [
    ['the site root', root],
    ['routesDir', dirs.routesDir],
    ['publicDir', dirs.publicDir],
  ] as const;
  for (const [what, dir] of sources) {
    if (isInside(dir, dist)) {
      throw errors.configPaths(`Config keys "outDir" and "name" put the output at ${dist}, which holds ${what} (${dir}): every build replaces that folder.`, origin);
    }
  }
  for (const key of ['publicDir', 'routesDir'] as const) {
    const dir = dirs[key];
    if (!isInside(dirs.outDir, dir)) continue;
    // Named as both keys, whichever of the two the user set: `outDir: 'public'` meets publicDir's default.
    const shown = `${key} (${dir}${dir === resolve(root, defaults[key]) ? `, ${key}'s default` : ''})`;
    const where = dir === dirs.outDir ? `is the same folder as ${shown}` : `lies inside ${shown}`;
    throw errors.configPaths(`Config key "outDir" (${dirs.outDir}) ${where}: the build would read its own output.`, origin);
  }
}

/**
 * The cache of a site is `<cacheDir>/<name>/`: it must not be replaced with the output, published
 * with publicDir, bundled with the routes, or hold any of them. Throws a CONFIG error naming the key.
 */
export function checkCacheDir(root: string, name: string, dirs: { routesDir: string; publicDir: string; outDir: string; cacheDir: string }, origin?: string): void {
  const cache = join(dirs.cacheDir, name);
  if (isInside(root, cache)) throw errors.cacheDirPlace(`Config key "cacheDir" puts the cache at ${cache}, which holds the site root.`, origin);
  const places = [
    ['the output folder', join(dirs.outDir, name)],
    ['publicDir', dirs.publicDir],
    ['routesDir', dirs.routesDir],
  ] as const;
  for (const [what, dir] of places) {
    if (isInside(cache, dir)) throw errors.cacheDirPlace(`Config key "cacheDir" puts the cache at ${cache}, inside ${what} (${dir}).`, origin);
    if (isInside(dir, cache)) throw errors.cacheDirPlace(`Config key "cacheDir" puts the cache at ${cache}, which holds ${what} (${dir}).`, origin);
  }
}

/** `path` (absolute) as messages show it: relative to `folder` when it lies under it, else as it is. */
export function shortPath(folder: string, path: string): string {
  return path !== folder && isInside(path, folder) ? relative(folder, path) : path;
}

/**
 * `path` (absolute) as a line printed for the user names it, one to open from where the command runs:
 * relative to the current folder when it lies under it, else absolute. Relative to the site root, it
 * named no file from anywhere else (`prerender build my-site`, run from the folder above).
 * @example shownPath('/home/me/my-site/dist/my-site/report.html') // 'my-site/dist/my-site/report.html', run in /home/me
 */
export function shownPath(path: string): string {
  return shortPath(process.cwd(), path);
}
