/** The plan step: the routes this build renders, from `prerender.routes` and the route files' `entries`. */
import { configName } from '../config/key-origin.ts';
import type { ServerBundle } from '../bundle/load-bundle.ts';
import type { PrerenderRoute } from '../config/types.ts';
import { warn } from '../log.ts';
import { nothingToPrerender } from '../plan/nothing-to-prerender.ts';
import { planRoutes, type RoutePlan } from '../plan/plan-routes.ts';
import { listRouteEntries } from '../plan/route-entries.ts';
import { counted } from '../plural.ts';
import { byRoute } from '../output/route-to-file.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { untilAborted } from '../settle-within.ts';
import { selectShard } from '../shard/shard.ts';
import type { BuildContext } from './context.ts';

/** What a build renders. */
export interface PlannedRoutes {
  /** Every route planned, all shards', each URL once. */
  all: PrerenderRoute[];
  /** The routes this build renders (its shard's), sorted by route. */
  routes: PrerenderRoute[];
}

/**
 * Checks and de-duplicates `prerender.routes`, failing on two spellings of one URL before the bundle
 * loads. Planned once the bundler's process has ended, so that its map of every route never sits
 * beside that process; and before the server is loaded, so that a type check kept for that moment
 * (load.ts) runs while the planning's garbage is collected, not the prerender.
 */
export function planListedRoutes(build: BuildContext): RoutePlan {
  return planRoutes(build.config.prerender.routes, build.logger, configName(build.config.root, build.config.configFile));
}

/**
 * Adds to `plan` what the bundle's route files list in `entries` (loading the server when one exports
 * it), warns when a site with route files plans nothing, and takes this build's shard.
 */
export async function planEntries(build: BuildContext, plan: RoutePlan, server: () => Promise<ServerBundle>, routeFiles: RouteDefinition[]): Promise<PlannedRoutes> {
  const { config, logger, signal } = build;
  const lists = !build.bundle || Object.values(build.bundle.facts.routes).some((code) => code.entries);
  const table = lists ? (await server()).routes : [];
  const listed = await untilAborted(listRouteEntries(table, config, config.prerender.timeout), signal);
  const all = plan.finish(listed.routes);
  if (listed.files > 0) logger.info(`entries of ${counted(listed.files, 'route file')} listed ${counted(listed.routes.length, 'route')}`);
  const nothing = nothingToPrerender(config, routeFiles, all.length, listed.files);
  if (nothing) warn(logger, nothing);
  // Rendered sorted by route, the order of the manifest and the sitemap, so both stream to disk (a
  // crawl's routes come after, level by level: their results are held and sorted, sorted-results.ts).
  // Sorted in place without a shard: `all` is this build's own list (the resolved prerender.routes
  // itself while it repeats none, read by nothing after the plan), and its order no concern of the
  // shard info's (a million routes: one list of 8 MB, not two or three).
  return { all, routes: selectShard(all, build.shard).sort(byRoute) };
}
