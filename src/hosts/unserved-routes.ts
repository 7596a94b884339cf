/**
 * Route files a static host will not serve: it serves `public/` and nothing else, so a route file
 * answering methods other than GET, or one answering GET whose routes none was prerendered, is gone
 * once deployed there.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { routeUrl } from '../prerender/render-route.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRouteFinder } from '../routes/route-finder.ts';
import { findShadowedRoutes } from '../routes/shadowed-routes.ts';
import { warnings, type Warning } from '../warnings.ts';

/** A route file a static host will not serve, named from the site root; `method` is `''` for every method. */
export interface UnservedRoute {
  method: string;
  path: string;
  file: string;
  /**
   * Why, when its method does not say: it answers GET but no route of it was prerendered, or it is a
   * method-less file a `.get` file shadows (routes/shadowed-routes.ts), which only other methods reach.
   */
  note?: 'not prerendered' | 'methods other than GET and HEAD';
}

/** Collects the routes a build renders, then says which route files none reached. */
export interface ServedFiles {
  /** A route the build renders, with the file (from the site root) whose `entries` listed it, if one did. */
  add(route: string, listedBy?: string): void;
  /** The route files a static host will not serve, in table order. */
  unserved(): Promise<UnservedRoute[]>;
}


/**
 * Tracks which route files answering GET the rendered routes reach: a route an `entries` listed
 * reaches its file; any other is asked of the router at the end, only while some file is still
 * unreached and only if it may reach one ({@link mayReach}), so a long route list costs little.
 */
export function trackServedFiles(routeFiles: RouteDefinition[], site: RouteFiles): ServedFiles {
  const shadowed = new Set(findShadowedRoutes(routeFiles).map((route) => route.file));
  const answersGet = (route: RouteDefinition) => (route.method === '' || route.method === 'GET') && !shadowed.has(route.file);
  const bySiteName = new Map(routeFiles.map((route) => [siteFile(site, route.file), route.file]));
  const unreached = new Map(routeFiles.filter(answersGet).map((route) => [route.file, route.path.split('/').filter(Boolean)]));
  const pending: string[] = [];
  return {
    add(route, listedBy) {
      if (unreached.size === 0) return;
      const file = listedBy === undefined ? undefined : bySiteName.get(listedBy);
      if (file !== undefined) unreached.delete(file);
      else if ([...unreached.values()].some((pattern) => mayReach(pattern, route))) pending.push(route);
    },
    async unserved() {
      const find = createRouteFinder(routeFiles);
      for (const route of pending) {
        if (unreached.size === 0) break;
        const file = await find(new Request(routeUrl(route)));
        if (file !== undefined) unreached.delete(file);
      }
      return routeFiles
        .filter((route) => !answersGet(route) || unreached.has(route.file))
        .map(({ method, path, file }) => {
          const note = unreached.has(file) ? 'not prerendered' : shadowed.has(file) ? 'methods other than GET and HEAD' : undefined;
          return { method, path, file: siteFile(site, file), note };
        });
    },
  };
}

/**
 * Whether the router could send `route` to a file of this pattern (its segments): a quick test that
 * errs on the side of yes (the router has the last word), comparing segment counts and literal text.
 */
function mayReach(pattern: string[], route: string): boolean {
  const segments = route.split('/').filter(Boolean);
  const rest = pattern.findIndex((part) => part.startsWith('**'));
  if (rest === -1 ? segments.length !== pattern.length : segments.length < rest) return false;
  return pattern.every((part, i) => {
    if (i >= segments.length || part.startsWith('**')) return true;
    // An encoded spelling (`caf%C3%A9`) or another case may still reach the file: the router decides.
    const segment = segments[i].toLowerCase();
    if (segment.includes('%')) return true;
    const param = /^:\w+(.*)$/.exec(part);
    return param ? segment.endsWith(param[1].toLowerCase()) : segment === part.toLowerCase();
  });
}

/** Route files a warning names before `and N more`. */
const shown = 5;

/**
 * The UNSERVED_ROUTE warning for `host`, which serves the files of `served` (`public/ (preset
 * "netlify")`), or none when every route file is served.
 */
export function unservedWarning(host: string, served: string, routes: UnservedRoute[], serverFile: string): Warning | undefined {
  if (routes.length === 0) return undefined;
  const lines = routes.slice(0, shown).map(({ method, path, file, note }) => `${method ? `${method} ` : ''}${path} (${file}${note ? `, ${note}` : ''})`);
  return warnings.unservedRoutes(host, served, lines, routes.length, serverFile);
}
