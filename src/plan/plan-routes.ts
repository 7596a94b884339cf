import type { PrerenderRoute } from '../config/types.ts';
import { errors } from '../errors.ts';
import { mistakes } from '../errors/mistakes.ts';
import { warn, type Logger } from '../log.ts';
import { isPlainRoute, routeSegments } from '../output/route-to-file.ts';
import { warnings } from '../warnings.ts';

/** The routes a build renders, gathered from `prerender.routes` and then the route files' `entries`. */
export interface RoutePlan {
  /** Every route, each URL once, in the order added: `prerender.routes` itself while it repeats none. */
  readonly routes: PrerenderRoute[];
  /**
   * Adds the routes listed by the route files' `entries` (a URL already planned is left out, silently)
   * and ends the plan: its map of every URL goes, though the plan may be kept (the build's steps hold
   * it to their end; at a million routes the map is ~45 MB). Returns {@link routes}.
   */
  finish(entries: PrerenderRoute[]): PrerenderRoute[];
}

/**
 * Checks every route of `prerender.routes` can be a file before anything runs, and drops repeats (the
 * first entry wins, with a warning). Two spellings of one URL there (`/caf%c3%a9`, `/caf%C3%A9`,
 * `/café`) would write one file: a clash. Routes from `entries` come later and yield to any route
 * already planned, whatever its spelling: listing a URL in both places is how a site moves to entries.
 * A route that cannot be a file is a ROUTE_PATH error naming `configFile`, which lists it; every such
 * route and clash is named in one error.
 */
export function planRoutes(listed: PrerenderRoute[], logger: Logger, configFile?: string): RoutePlan {
  // One map, URL (decoded, respelled) -> the route that listed it first. A route without "%" is its
  // own key, so a million routes add no strings here, only the map.
  const byUrl = new Map<string, string>();
  // The listed routes themselves while none is dropped: a million routes are not a second list.
  let routes = listed;
  const found = mistakes(`prerender.routes${configFile ? ` (${configFile})` : ''}`, `Fix each route named above in prerender.routes${configFile ? ` in ${configFile}` : ''}.`);
  const urlOf = (route: string) => {
    if (isPlainRoute(route)) return route;
    const segments = routeSegments(route, configFile);
    return route.includes('%') ? '/' + segments.join('/') + (route.endsWith('/') ? '/' : '') : route;
  };
  // A listed route's URL, or its mistake kept (no closure a route: a million are listed).
  const listedUrl = (route: string) => {
    try {
      return urlOf(route);
    } catch (error) {
      found.add(error);
      return undefined;
    }
  };
  // Counted, with the first few named: a generated list can repeat every route.
  const repeated = { count: 0, examples: [] as string[] };
  for (const [i, entry] of listed.entries()) {
    const url = listedUrl(entry.route);
    if (url === undefined) continue;
    const other = byUrl.get(url);
    if (other === entry.route) {
      if (routes === listed) routes = listed.slice(0, i);
      repeated.count++;
      if (repeated.examples.length < 3 && !repeated.examples.includes(entry.route)) repeated.examples.push(entry.route);
      continue;
    }
    if (other !== undefined) {
      found.add(errors.outputClash(`Routes "${other}" and "${entry.route}" in prerender.routes are two spellings of one URL, ${url}, so both would write one file.`));
      continue;
    }
    byUrl.set(url, entry.route);
    if (routes !== listed) routes.push(entry);
  }
  found.throwIfAny();
  if (repeated.count > 0) warn(logger, warnings.duplicateRoutes(repeated.count, repeated.examples));
  return {
    get routes() {
      return routes;
    },
    finish(entries) {
      for (const entry of entries) {
        const url = urlOf(entry.route);
        if (byUrl.has(url)) continue;
        byUrl.set(url, entry.route);
        if (routes === listed) routes = [...listed];
        routes.push(entry);
      }
      byUrl.clear();
      return routes;
    },
  };
}
