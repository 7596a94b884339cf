/**
 * The cache as the prerender loop asks it, route by route (prerender/prerender.ts's RouteCache): the
 * last build's record of the route, the route file that answers it now, its `cacheKey` when that file
 * exports one, and the decision (build-cache.ts); then, for a route rendered, its reads tracked in a
 * log of its own (read-tracker.ts) and turned into the record the next build decides by.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import type { RouteCache, RouteTurn } from '../prerender/reuse-output.ts';
import { routeUrl } from '../prerender/render-route.ts';
import { createRouteMatcher, type RouteMatch } from '../routes/route-finder.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { RuntimeRoute } from '../runtime/index.ts';
import type { BuildCache, RenderedOutput } from './build-cache.ts';
import { askCacheKey } from './cache-key.ts';
import { contentHash } from './hash.ts';
import { RouteLog } from './read-log.ts';
import { recordedProblems } from './record.ts';
import type { ReadTracking } from './read-tracker.ts';
import type { RenderReason } from './reuse.ts';

/** What the routes' cache is made of. */
export interface RouteCacheOptions {
  cache: BuildCache;
  tracking: ReadTracking;
  /** The route table, for the route file that answers a route and its parameters. */
  routeFiles: readonly RouteDefinition[];
  /** The route files that export `cacheKey` (bundle-facts.ts). */
  keyed: ReadonlySet<string>;
  /** The loaded bundle's routes (loaded when first asked: only a `cacheKey` needs them). */
  serverRoutes: () => Promise<RuntimeRoute[]>;
  site: RouteFiles;
  /** `prerender.timeout`, which bounds a `cacheKey` too. */
  timeout: number;
}

/** The cache of every route of a build (see above). */
export function createRouteCache(options: RouteCacheOptions): RouteCache {
  const { cache, tracking, keyed } = options;
  let matcher: ((request: Request) => Promise<RouteMatch | undefined>) | undefined;
  const match = (route: string) => (matcher ??= createRouteMatcher(options.routeFiles))(new Request(routeUrl(route)));
  let keys: Promise<Map<string, unknown>> | undefined;
  const keyOf = async (file: string) => (await (keys ??= options.serverRoutes().then((routes) => new Map(routes.map((route) => [route.file, route.cacheKey]))))).get(file);

  return {
    turn(route): RouteTurn {
      // Asked as the route's task starts: in route order, as the records file is read.
      const record = cache.lookup(route);
      const log = new RouteLog();
      let reason: RenderReason = 'new';
      let cacheKey: string | undefined;
      let params: Record<string, string> | undefined;
      const decide = (routeFile: string | undefined) => {
        const decision = cache.decide(record, { routeFile, cacheKey });
        if ('reuse' in decision) return { record: decision.reuse, stored: decision.stored };
        reason = decision.reason;
        return undefined;
      };
      const askRouter = async (known: string | undefined) => {
        let routeFile = known;
        if (routeFile === undefined) {
          const found = await match(route);
          routeFile = found?.file;
          params = found?.params;
        }
        if (routeFile !== undefined && keyed.has(routeFile)) {
          params ??= (await match(route))?.params;
          const ask = await keyOf(routeFile);
          if (ask !== undefined) cacheKey = await askCacheKey(ask, siteFile(options.site, routeFile), { route, params: params ?? {} }, options.timeout);
        }
        return decide(routeFile);
      };
      return {
        get reason() {
          return reason;
        },
        reuse() {
          let routeFile = record && cache.sameRouteTable ? record.routeFile : undefined;
          params = record?.params;
          // The file that answers the route now: the record's while the table is the same; else
          // asked of the router where it matters (the record's file changed; a file with cacheKey).
          // Neither: decided at once, with no promise.
          if ((routeFile === undefined && (record !== undefined || keyed.size > 0)) || (routeFile !== undefined && keyed.has(routeFile))) return askRouter(routeFile);
          return decide(routeFile);
        },
        track: (render) => tracking.run(log, render),
        keep(output, body, problems) {
          const kept = output as RenderedOutput;
          kept.body = contentHash(body);
          if (cacheKey !== undefined && params !== undefined) kept.params = params;
          if (problems === false) kept.problems = false;
          else if (problems.length > 0) kept.problems = recordedProblems(problems);
          return cache.recordOf(kept, log, cacheKey);
        },
      };
    },
  };
}
