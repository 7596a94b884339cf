/**
 * A route file put where another tool reads routes (Nitro's `server/api/hello.ts`, a bare
 * `src/api/hello.ts`), not under routesDir: the route it was meant to serve fails NO_ROUTE_FILE, and
 * its message names the file and where it goes.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { isInside } from '../runtime/inside.ts';

/** Folders, from the site root, that other tools (or a slip of the README's layout) read routes from. */
const otherFolders = ['server', 'src/server', 'src', '.', 'server/routes', 'src/routes', 'routes'];

/** The names a route's file can have, without its extension: `api/hello`, `api/hello.get`, `api/hello/index`. */
const suffixes = ['', '.get', '/index', '/index.get'];
const extensions = ['.ts', '.mts', '.js', '.mjs'];

/** A file outside routesDir that would serve `route` if it were in it, and where it goes (both from the site root). */
export function misplacedRouteFile(route: string, site: Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>): { file: string; moveTo: string } | undefined {
  const stem = routeStem(route, site.apiPrefix);
  if (stem === undefined) return undefined;
  for (const folder of otherFolders) {
    const base = resolve(site.root, folder);
    if (isInside(base, site.routesDir)) continue;
    for (const suffix of suffixes) {
      for (const extension of extensions) {
        const name = `${stem}${suffix}${extension}`;
        const file = join(base, name);
        // A file of routesDir that serves another path (`routes/api/hello.ts` at /api/api/hello) is no misplaced one.
        if (isInside(file, site.routesDir) || !existsSync(file)) continue;
        return { file: fromRoot(site.root, file), moveTo: fromRoot(site.root, join(site.routesDir, name)) };
      }
    }
  }
  return undefined;
}

/** What a file of routesDir named for a route may end in, where a route file's name ends in a code extension. */
const notCode = ['', '.tsx', '.jsx', '.cts', '.cjs'];

/**
 * A file of routesDir named as the file serving `route` would be but for its extension
 * (`routes/about.json` for /about.json: no `.ts`; `about.json.tsx`), and why it is none, with the
 * name it needs (from the site root): the route it was meant to serve fails NO_ROUTE_FILE, and its
 * message names the file.
 */
export function unnamedRouteFile(route: string, site: Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>): { file: string; because: string } | undefined {
  const stem = routeStem(route, site.apiPrefix);
  if (stem === undefined) return undefined;
  for (const suffix of suffixes) {
    for (const extension of notCode) {
      const file = join(site.routesDir, `${stem}${suffix}${extension}`);
      if (!isFile(file)) continue;
      const named = fromRoot(site.root, join(site.routesDir, `${stem}${suffix}.ts`));
      const because =
        extension === ''
          ? `a route file's name ends in .ts, .mts, .js or .mjs: rename it ${named}`
          : extension.includes('x')
            ? `it is JSX, which the bundle does not compile: write it as ${named}, returning the HTML as a string`
            : `it is CommonJS: write it as ${named}, an ES module (export default, import)`;
      return { file: fromRoot(site.root, file), because };
    }
  }
  return undefined;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/** The path under routesDir, without extension, of the file serving `route`: the api folder holds what is under the prefix. */
function routeStem(route: string, apiPrefix: string): string | undefined {
  const path = route.replace(/^\/+|\/+$/g, '');
  if (path === '' || path.split('/').some((part) => part === '' || part === '.' || part === '..')) return undefined;
  const prefix = apiPrefix.replace(/^\/+|\/+$/g, '');
  if (prefix === '' || path === prefix) return undefined;
  return path.startsWith(`${prefix}/`) ? `api/${path.slice(prefix.length + 1)}` : path;
}

const fromRoot = (root: string, path: string) => relative(root, path).split(sep).join('/');
