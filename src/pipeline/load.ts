/** The load step: the server bundle imported into this process, the routes the prerender calls. */
import { loadBundle, type ServerBundle } from '../bundle/load-bundle.ts';
import { startTracking } from '../cache/read-tracker.ts';
import { whileDoing } from '../file-limit.ts';
import type { RoutePlan } from '../plan/plan-routes.ts';
import type { RouteHandler } from '../prerender/render-route.ts';
import { errors } from '../errors.ts';
import { settleWithin, untilAborted } from '../settle-within.ts';
import { expectedRouteCount, type BuildContext } from './context.ts';

/**
 * The staged server bundle, imported when first asked for (a route to render, an `entries` to call,
 * a `cacheKey` to ask): a build whose every route is reused from the cache never loads it. With the
 * cache, it loads with its reads tracked (module-level code counts for every route reaching it).
 * A type check kept for this moment (a long route list: see schedule-typecheck.ts) runs first, on
 * its own, while nothing else is in memory but the config.
 */
export async function loadServer(build: BuildContext, plan: RoutePlan): Promise<() => Promise<ServerBundle>> {
  const { config, paths, signal, cache } = build;
  await untilAborted(Promise.resolve(build.check?.beforePrerender(expectedRouteCount(build, plan.routes.length))), signal);
  if (cache) cache.tracking = startTracking();
  let loading: Promise<ServerBundle> | undefined;
  // Bounded as every call of the site's code is: a top-level await that never settles would hold the
  // build in silence, or let Node exit with code 13 and no word of which code waited.
  const { timeout } = config.prerender;
  const load = () => whileDoing('loading the server bundle', () => settleWithin(loadBundle(paths.serverFile, config, build.bundle?.facts.cycles), timeout, () => errors.moduleLoadTimedOut(timeout, undefined, build.bundle?.facts.topLevelAwait)));
  return () =>
    (loading ??= untilAborted(
      cache?.tracking
        ? cache.tracking.run(cache.load, () => {
            cache.loaded = true;
            return load();
          })
        : load(),
      signal,
    ));
}

/**
 * How the prerender and the link check call the bundle's routes: an h3 app of its own, with the
 * per-request context, the bundle loaded with the first request. Silent: a handler's error is
 * reported with its failed route (site-trace.ts), not printed by h3 as an object. A bundle that fails
 * to load fails the build, not each route: the returned signal (`signal`'s, joined) aborts with its
 * error.
 */
export function routeHandler(server: () => Promise<ServerBundle>, signal: AbortSignal | undefined): { request: RouteHandler; signal: AbortSignal } {
  const stop = new AbortController();
  let app: ReturnType<ServerBundle['routesApp']> | undefined;
  const request: RouteHandler = (request, context) =>
    app
      ? app.request(request, undefined, context)
      : server().then(
          (loaded) => (app ??= loaded.routesApp({ silent: true })).request(request, undefined, context),
          (error: unknown) => {
            stop.abort(error);
            throw error;
          },
        );
  return { request, signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal };
}
