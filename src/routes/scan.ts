import { statSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isInside } from '../runtime/inside.ts';
import { errors } from '../errors.ts';
import { routeShape } from '../runtime/route-shape.ts';
import { fileToRoute, type RouteDefinition } from './file-to-route.ts';

/**
 * Every route under `routesDir`, sorted by file path so that builds are repeatable. Throws when two
 * files serve the same method and path, naming both, and when `routesDir` is not a folder: a typo'd
 * path or a command run from the wrong folder must not pass for a site without routes.
 */
export async function scanRoutes(routesDir: string, apiPrefix: string): Promise<RouteDefinition[]> {
  if (statSync(routesDir, { throwIfNoEntry: false })?.isDirectory() !== true) throw errors.noRoutesDir(routesDir);
  const entries = await readdir(routesDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter(isFileOrLinkToFile)
    .map((entry) => routeFileName(routesDir, join(entry.parentPath, entry.name))!)
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
  const routes = files.map((file) => fileToRoute(file, apiPrefix)).filter((route) => route !== null);
  checkConflicts(routes);
  return routes;
}

/**
 * The name a route file goes by (RouteDefinition.file): its path under `routesDir`, with `/` between
 * folders on every system; `undefined` for a path outside it.
 */
export function routeFileName(routesDir: string, path: string): string | undefined {
  return isInside(path, routesDir) ? relative(routesDir, path).split(sep).join('/') : undefined;
}

/** A route file may be a symbolic link to one (a route shared between sites); a broken link is skipped. */
function isFileOrLinkToFile(entry: Dirent): boolean {
  if (entry.isFile()) return true;
  return entry.isSymbolicLink() && statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * Two files for one method and path are an error. Parameter names do not make paths differ:
 * `[id].ts` and `[slug].ts` in one folder serve the same URLs.
 */
export function checkConflicts(routes: RouteDefinition[]): void {
  const seen = new Map<string, RouteDefinition>();
  for (const route of routes) {
    const key = `${route.method} ${routeShape(route.path)}`;
    const other = seen.get(key);
    if (other) throw errors.routeConflict(route.method, route.path, [other.file, route.file]);
    seen.set(key, route);
  }
}
