import { statSync } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isInside } from '../runtime/inside.ts';
import { isHiddenName } from '../runtime/url-path.ts';
import { errors } from '../errors.ts';
import { warnings, type Warning } from '../warnings.ts';
import { routeShape } from '../runtime/route-shape.ts';
import { fileToRoute, type RouteDefinition } from './file-to-route.ts';

/** What {@link scanRoutes} needs beside the folder: where the site ends, and where warnings go. */
export interface ScanOptions {
  /** The site root: a link leading out of it is said. @default process.cwd() */
  root?: string;
  /** Called with each warning: a link followed out of the site, or a link skipped. */
  onWarning?: (warning: Warning) => void;
}

/**
 * Every route under `routesDir`, sorted by file path so that builds are repeatable. Throws when two
 * files serve the same method and path, naming both, and when `routesDir` is not a folder: a typo'd
 * path or a command run from the wrong folder must not pass for a site without routes.
 *
 * Symbolic links are followed: a link to a file (a route shared between sites) with a warning when it
 * leads out of the site, a link to a folder only inside the site and where it does not loop; any other
 * link, and a broken one, is skipped with a warning.
 */
export async function scanRoutes(routesDir: string, apiPrefix: string, options: ScanOptions = {}): Promise<RouteDefinition[]> {
  if (statSync(routesDir, { throwIfNoEntry: false })?.isDirectory() !== true) throw errors.noRoutesDir(routesDir);
  const warn = options.onWarning ?? (() => {});
  const outside = new Map<string, string>();
  const files = (await listFiles(routesDir, options.root ?? process.cwd(), outside, warn))
    .map((path) => routeFileName(routesDir, path)!)
    .filter(isRouteFolder)
    .sort();
  const routes = files.map((file) => fileToRoute(file, apiPrefix)).filter((route) => route !== null);
  for (const route of routes) {
    const target = outside.get(route.file);
    if (target) warn(warnings.routeLinkOutside(route.file, target));
  }
  checkConflicts(routes);
  return routes;
}

/** A file whose folders may hold routes: none of them `node_modules` or hidden. */
const isRouteFolder = (file: string) => isRoutePath(file.split('/').slice(0, -1));

/** Whether files under these names may be routes: none of them is `node_modules` or hidden. */
const isRoutePath = (names: string[]) => !names.some((name) => name === 'node_modules' || isHiddenName(name));

/**
 * The paths of the files under `routesDir`, through the links {@link scanRoutes} follows; files linked
 * from outside the site are added to `outside` (route file name -> target).
 */
async function listFiles(routesDir: string, root: string, outside: Map<string, string>, warn: (warning: Warning) => void): Promise<string[]> {
  const site = [await realpath(root).catch(() => root), await realpath(routesDir)];
  const files: string[] = [];
  // `walking`: the real paths of the folders being listed, the link's folders among them: a link into
  // one of them (or a folder holding one) would list it again, without end.
  const walk = async (folder: string, walking: string[]): Promise<void> => {
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile()) files.push(path);
      if (!entry.isSymbolicLink()) continue;
      const name = routeFileName(routesDir, path)!;
      if (!isRoutePath(name.split('/'))) continue;
      const target = await realpath(path).catch(() => undefined);
      const kind = target === undefined ? undefined : await stat(target);
      if (target === undefined || kind === undefined) {
        warn(warnings.routeLinkSkipped(name, `leads to ${await readLinkTarget(path)}, which does not exist`));
      } else if (kind.isFile()) {
        files.push(path);
        if (!site.some((inside) => isInside(target, inside))) outside.set(name, target);
      } else if (kind.isDirectory()) {
        const here = await realpath(entry.parentPath);
        if (!site.some((inside) => isInside(target, inside))) warn(warnings.routeLinkSkipped(name, `leads outside the site (${target})`));
        else if ([here, ...walking].some((folder) => isInside(folder, target))) warn(warnings.routeLinkSkipped(name, `leads back into a folder it is in (${target})`));
        else await walk(path, [...walking, target]);
      }
    }
  };
  await walk(routesDir, [site[1]]);
  return files;
}

/** Where a broken link points, as written in the link, made absolute. */
async function readLinkTarget(path: string): Promise<string> {
  return resolve(dirname(path), await readlink(path));
}

/**
 * The name a route file goes by (RouteDefinition.file): its path under `routesDir`, with `/` between
 * folders on every system; `undefined` for a path outside it.
 */
export function routeFileName(routesDir: string, path: string): string | undefined {
  return isInside(path, routesDir) ? relative(routesDir, path).split(sep).join('/') : undefined;
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
