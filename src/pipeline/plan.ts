/** The plan step: the routes this build renders, from `prerender.routes` and the route files' `entries`. */
import { configName } from '../config/key-origin.ts';
import type { ServerBundle } from '../bundle/load-bundle.ts';
import type { PrerenderRoute } from '../config/types.ts';
import { warn } from '../log.ts';
import { warnings } from '../warnings.ts';
import { nothingToPrerender } from '../plan/nothing-to-prerender.ts';
import { publishedRouteCount } from '../output/manifest.ts';
import { shownPath } from '../config/output-paths.ts';
import { planRoutes, type RoutePlan } from '../plan/plan-routes.ts';
import { listRouteEntries } from '../plan/route-entries.ts';
import { trackEntries } from './cache.ts';
import { counted } from '../plural.ts';
import { whileDoing } from '../file-limit.ts';
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
 * Lists `prerender.routes` (calling a routes function now), checks and de-duplicates them, failing
 * on two spellings of one URL before the bundle loads. Planned once the bundler's process has ended,
 * so that the list, what a function left making it, and the plan's map of every route never sit
 * beside that process: a routes function listing 100,000 routes with their sitemap fields, called
 * with the config, made the build's peak (210 MB, tree RSS) beside bundling. Before the server is
 * loaded, so that a type check kept for that moment (load.ts) runs while the planning's garbage is
 * collected, not the prerender.
 */
export async function planListedRoutes(build: BuildContext): Promise<RoutePlan> {
  const { config, listRoutes, check, signal } = build;
  // A check kept for a count not known before bundling (a routes function's, or `entries`') starts
  // now that the bundler's process has ended (bundle.ts waits for it then): beside the listing.
  check?.afterBundling();
  let routes = config.prerender.routes;
  if (listRoutes) {
    routes = await untilAborted(whileDoing('calling the routes function (prerender.routes)', listRoutes), signal);
  }
  return planRoutes(routes, build.logger, configName(config.root, config.configFile));
}

/**
 * Adds to `plan` what the bundle's route files list in `entries` (loading the server when one exports
 * it), warns when a site with route files plans nothing, and takes this build's shard.
 */
export async function planEntries(build: BuildContext, plan: RoutePlan, server: () => Promise<ServerBundle>, routeFiles: RouteDefinition[]): Promise<PlannedRoutes> {
  const { config, logger, signal } = build;
  const lists = !build.bundle || Object.values(build.bundle.facts.routes).some((code) => code.entries);
  const table = lists ? (await server()).routes : [];
  const listed = await untilAborted(listRouteEntries(table, config, config.prerender.timeout, trackEntries(build)), signal);
  const all = plan.finish(listed.routes);
  if (listed.files > 0) logger.info(`entries of ${counted(listed.files, 'route file')} listed ${counted(listed.routes.length, 'route')}`);
  const misnamedConfig = config.configFile === undefined && build.warnings.some((warning) => warning.code === 'CONFIG_FILE');
  const nothing = nothingToPrerender(config, routeFiles, all.length, listed.files, misnamedConfig);
  if (nothing) {
    // A build that would take the prerendered routes out of a published output stops instead; so
    // does one that read no config where one is there (its first build would publish no pages).
    const published = nothing.replacing ? await publishedRouteCount(build.paths.final) : 0;
    if (published > 0) throw nothing.replacing!(published, shownPath(build.paths.final));
    if (nothing.unread) throw nothing.unread;
    warn(logger, nothing.warning);
  } else {
    // Other routes are planned: a list that came back empty (a CMS that answered nothing) would
    // otherwise publish the site without that route's pages, and say nothing of it.
    for (const { file, route } of listed.empty) warn(logger, warnings.entriesEmpty(file, route));
  }
  // Rendered sorted by route, the order of the manifest and the sitemap, so both stream to disk (a
  // crawl's routes come after, level by level: their results are held and sorted, sorted-results.ts).
  // Sorted in place without a shard: `all` is this build's own list (the resolved prerender.routes
  // itself while it repeats none, read by nothing after the plan), and its order no concern of the
  // shard info's (a million routes: one list of 8 MB, not two or three).
  return { all, routes: selectShard(all, build.shard).sort(byRoute) };
}
