/**
 * A site with route files and nothing to prerender: `0 routes ok` and exit 0 said nothing of the
 * forgotten `prerender.routes`; nor of a routes folder with no route file at all. Unless
 * `prerender.routes: []` says it is meant, it is a warning; an error where it would replace an output
 * with prerendered routes, or where a config file is there that the lookup did not read.
 */
import { configName } from '../config/key-origin.ts';
import { errors, type PrerenderError } from '../errors.ts';
import { shownPath } from '../config/output-paths.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { counted } from '../plural.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { fillPattern, patternParams } from '../routes/route-pattern.ts';
import { warnings, type Warning } from '../warnings.ts';

/** Examples of routes to list, at most this many. */
const examplesShown = 2;

/** What a build with nothing to prerender says: a warning, or, where it would replace an output with routes, an error. */
export interface NothingPlanned {
  warning: Warning;
  /** The error instead, where the output it would replace (`dir`, as the build prints paths) has `published` routes; absent for a routes folder without route files. */
  replacing?: (published: number, dir: string) => PrerenderError;
  /** The error instead, always: no config file was read, and one the lookup does not read is there (a first build would publish a site without its pages, exit 0). */
  unread?: PrerenderError;
}

/**
 * The NOTHING_TO_PRERENDER warning when no route is planned though some route file answers GET,
 * and `prerender.routes` is not an empty array written as such; `entriesFiles` is how many route
 * files export `entries` (they listed none). Its example lists the site's own routes. With it, the
 * error of such a build that would replace a published output with prerendered routes: a config
 * renamed or lost, or a routes function that found none this time, would publish a site without its
 * pages. `misnamedConfig`: no config file was read, and a CONFIG_FILE warning named one that reads as
 * it (the fix is its rename, not a new file).
 */
export function nothingToPrerender(config: ResolvedConfig, routeFiles: RouteDefinition[], planned: number, entriesFiles: number, misnamedConfig: boolean): NothingPlanned | undefined {
  const { routesFrom } = config.prerender;
  if (planned > 0 || routesFrom === 'array') return undefined;
  if (routeFiles.length === 0) return { warning: warnings.noRouteFiles(shownPath(config.routesDir), config.apiPrefix) };
  const answersGet = routeFiles.filter((route) => route.method === '' || route.method === 'GET');
  if (answersGet.length === 0) return undefined;
  const routes = routesFrom === 'unset' ? 'prerender.routes is not set' : 'the function given as prerender.routes returned no routes';
  const entries = entriesFiles === 0 ? 'no route file exports entries' : `the entries of ${counted(entriesFiles, 'route file')} listed none`;
  const why = `${routes} and ${entries}`;
  // A new one of either kind (a misnamed `.mjs` one is told its rename to prerender.config.mjs).
  const configFile =
    config.configFile !== undefined
      ? configName(config.root, config.configFile)
      : misnamedConfig
        ? 'the config file the warning above names, once renamed or moved as it says'
        : 'a new prerender.config.ts (or .mjs)';
  const examples = exampleRoutes(answersGet);
  return {
    warning: warnings.nothingToPrerender(routeFiles.length, why, configFile, examples),
    replacing: (published, dir) => errors.nothingToPublish(why, configFile, examples, published, dir),
    unread: misnamedConfig ? errors.nothingReadToPrerender(why) : undefined,
  };
}

/** The site's routes without parameters, sorted; else its first pattern with `1` for every parameter. */
function exampleRoutes(routes: RouteDefinition[]): string[] {
  const fixed = routes.map((route) => route.path).filter((path) => patternParams(path).length === 0 && !path.includes('**'));
  if (fixed.length > 0) return [...new Set(fixed)].sort().slice(0, examplesShown);
  const { path } = routes[0];
  const filled = fillPattern(path, Object.fromEntries(patternParams(path).map((name) => [name, '1'])));
  return 'route' in filled ? [filled.route] : [];
}
