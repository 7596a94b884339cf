import { statSync } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isInside } from '../runtime/inside.ts';
import { isHiddenName } from '../runtime/url-path.ts';
import { errors } from '../errors.ts';
import { mistakes } from '../errors/mistakes.ts';
import { warnings, type Warning } from '../warnings.ts';
import { routeShape } from '../runtime/route-shape.ts';
import { fileToRoute, notARoute, type RouteDefinition } from './file-to-route.ts';
import { findNearbyRoutes } from './nearby-routes.ts';

/** What the Rollup plugin's routesDir is called in errors, in a Rollup config of the user's own. */
const pluginOptions = 'the options of apiRoutes()';

/** What {@link scanRoutes} needs beside the folder: where the site ends, and where warnings go. */
export interface ScanOptions {
  /** The site root: a link leading out of it is said. @default process.cwd() */
  root?: string;
  /** Called with each warning: a link followed out of the site, a link skipped, a file that is no route (JSX). */
  onWarning?: (warning: Warning) => void;
  /** Where routesDir is set, as its error names it: the config file (key-origin.ts's configName). @default "the options of apiRoutes()" */
  configFile?: string;
  /** The command scanning (`build`, `dev`), for the error of a missing routesDir to name in its fix. */
  command?: string;
}

/**
 * Every route under `routesDir`, sorted by file path so that builds are repeatable. Throws when two
 * files serve the same method and path, naming both, and when `routesDir` is not a folder: a typo'd
 * path or a command run from the wrong folder must not pass for a site without routes.
 *
 * A file that looks like a route but is none (JSX, CommonJS) is named in a warning.
 *
 * Symbolic links are followed: a link to a file (a route shared between sites) with a warning when it
 * leads out of the site, a link to a folder only inside the site and where it does not loop; any other
 * link, and a broken one, is skipped with a warning.
 */
export async function scanRoutes(routesDir: string, apiPrefix: string, options: ScanOptions = {}): Promise<RouteDefinition[]> {
  const root = options.root ?? process.cwd();
  if (statSync(routesDir, { throwIfNoEntry: false })?.isDirectory() !== true) throw errors.noRoutesDir(routesDir, root, options.configFile ?? pluginOptions, findNearbyRoutes(root, routesDir), options.command);
  const warn = options.onWarning ?? (() => {});
  const { files: paths, outside, skipped } = await listFiles(routesDir, root);
  const files = paths.map((path) => routeFileName(routesDir, path)!).filter(isRouteFolder).sort();
  for (const file of files) {
    const why = notARoute(file.split('/').at(-1)!);
    if (why) warn(warnings.notARoute(relative(root, join(routesDir, file)).split(sep).join('/'), why));
  }
  const malformed = routeFileMistakes();
  const routes = files.map((file) => malformed.check(() => fileToRoute(file, apiPrefix))).filter((route) => route != null);
  malformed.throwIfAny();
  // In the order of the names, as the routes are, whichever folder was listed first.
  for (const { name, why } of skipped.sort((a, b) => (a.name < b.name ? -1 : 1))) warn(warnings.routeLinkSkipped(name, why));
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

/** What {@link listFiles} finds: the files, those linked from outside the site, the links it skipped. */
interface Listing {
  files: string[];
  /** Route file name -> the file outside the site it links to. */
  outside: Map<string, string>;
  skipped: { name: string; why: string }[];
}

/** The paths of the files under `routesDir`, through the links {@link scanRoutes} follows. */
async function listFiles(routesDir: string, root: string): Promise<Listing> {
  const site = [await realpath(root).catch(() => root), await realpath(routesDir)];
  const listing: Listing = { files: [], outside: new Map(), skipped: [] };
  // Folder by folder rather than readdir's `recursive`, which follows links to folders from Node 26 on
  // and not before. `walking`: the real paths of the linked folders being listed; a link into one of
  // them, or into a folder holding one, would list it again without end.
  const walk = async (folder: string, walking: string[]): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    await Promise.all(entries.map(async (entry) => {
      const path = join(folder, entry.name);
      const name = routeFileName(routesDir, path)!;
      if (entry.isFile()) listing.files.push(path);
      if (!isRoutePath(name.split('/'))) return;
      if (entry.isDirectory()) return walk(path, walking);
      if (!entry.isSymbolicLink()) return;
      const target = await realpath(path).catch(() => undefined);
      const kind = target === undefined ? undefined : await stat(target);
      const inSite = target !== undefined && site.some((inside) => isInside(target, inside));
      if (target === undefined || kind === undefined) {
        listing.skipped.push({ name, why: `leads to ${await readLinkTarget(path)}, which does not exist` });
      } else if (kind.isFile()) {
        listing.files.push(path);
        if (!inSite) listing.outside.set(name, target);
      } else if (kind.isDirectory()) {
        const here = await realpath(folder);
        if (!inSite) listing.skipped.push({ name, why: `leads outside the site (${target})` });
        else if ([here, ...walking].some((inside) => isInside(inside, target))) listing.skipped.push({ name, why: `leads back into a folder it is in (${target})` });
        else await walk(path, [...walking, target]);
      }
    }));
  };
  await walk(routesDir, [site[1]]);
  return listing;
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
  const spelled = new Map<string, RouteDefinition>();
  const conflicts = routeFileMistakes();
  for (const route of routes) {
    const key = `${route.method} ${routeShape(route.path)}`;
    const other = seen.get(key);
    if (other) conflicts.add(errors.routeConflict(route.method, route.path, [other.file, route.file]));
    else seen.set(key, route);
    // Two names of one file where letter case is not told apart (macOS, Windows: a checkout there keeps one).
    const caseless = route.file.toLowerCase();
    const twin = spelled.get(caseless);
    if (twin) conflicts.add(errors.routeFilesCase([twin.file, route.file]));
    else spelled.set(caseless, route);
  }
  conflicts.throwIfAny();
}

/** The mistakes in the route files' names, every one said in one run: a site renamed in bulk is fixed in one pass. */
const routeFileMistakes = () => mistakes('the names of the route files', 'Rename the route files named above.');
