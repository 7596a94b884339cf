/**
 * The message of a listed route no route file answered (NO_ROUTE_FILE): not the router's "Cannot
 * find any route", which reads like a handler's 404, but where the route is listed and what is near.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { errors } from '../errors.ts';
import { routeUrl } from '../prerender/render-route.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { misplacedRouteFile, unnamedRouteFile } from './misplaced-route-file.ts';
import { publicFileOf } from './public-file.ts';
import { createRouteFinder } from '../routes/route-finder.ts';
import { otherMethodsOf } from '../routes/other-methods.ts';
import { nearestRoute } from '../routes/nearest-route.ts';
import type { RouteFailure } from '../report/build-report.ts';

/**
 * `failures` with each NO_ROUTE_FILE failure's message from the catalogue: the files answering the
 * route for other methods only (a `.post.ts`), else the file of publicDir that serves it, else a file
 * of routesDir named for it but for its extension, or outside routesDir that would serve it there
 * (misplaced-route-file.ts), else the route file that served it in the last build and is gone
 * (`lastRouteFiles`, the cache's: renamed, most often; with the nearest route too when more than one
 * file was added since), else the nearest route a file serves for GET, checked with the router. Run once the prerender is over, on the failures alone.
 */
export async function explainUnrouted(failures: RouteFailure[], routeFiles: RouteDefinition[], site: RouteFiles & Pick<ResolvedConfig, 'apiPrefix' | 'publicDir'>, lastRouteFiles: RouteDefinition[] = []): Promise<RouteFailure[]> {
  if (!failures.some((failure) => failure.code === 'NO_ROUTE_FILE')) return failures;
  const answersGet = createRouteFinder(routeFiles);
  const otherMethodsOfRoute = otherMethodsOf(routeFiles, site);
  const explained: RouteFailure[] = [];
  for (const failure of failures) {
    if (failure.code !== 'NO_ROUTE_FILE') {
      explained.push(failure);
      continue;
    }
    const otherMethods = await otherMethodsOfRoute(failure.route);
    const near = nearestRoute(failure.route, routeFiles);
    // The file whose pattern the suggestion was made from may not be the one the router picks for it.
    const nearFile = near && (await answersGet(new Request(routeUrl(near.path))));
    const suggestion = near && nearFile !== undefined ? { path: near.path, file: siteFile(site, nearFile) } : undefined;
    const listedIn = failure.listedBy === undefined ? 'prerender.routes' : `the entries of ${failure.listedBy}`;
    const inPublic = otherMethods.length === 0 ? publicFileOf(failure.route, site) : undefined;
    const misplaced = otherMethods.length === 0 && !inPublic ? (unnamedRouteFile(failure.route, site) ?? misplacedRouteFile(failure.route, site)) : undefined;
    const gone = otherMethods.length === 0 && !inPublic && !misplaced ? goneRouteFile(failure.route, routeFiles, lastRouteFiles, site) : undefined;
    const error = inPublic ? errors.servedFromPublic(listedIn, inPublic) : errors.noRouteFile(failure.route, listedIn, misplaced || gone?.added.length === 1 ? undefined : suggestion, otherMethods, misplaced, gone);
    explained.push({ ...failure, error: error.message });
  }
  return explained;
}

/**
 * The route file of the last build that served `route` as its own static path and is gone now, and
 * the route files added since (one is likely its new name), each with the route it serves.
 */
function goneRouteFile(route: string, routeFiles: RouteDefinition[], lastRouteFiles: RouteDefinition[], site: RouteFiles): { file: string; added: { file: string; path: string }[] } | undefined {
  const now = new Set(routeFiles.map((definition) => definition.file));
  const last = lastRouteFiles.find((definition) => definition.path === route && (definition.method === '' || definition.method === 'GET') && !now.has(definition.file));
  if (!last) return undefined;
  const before = new Set(lastRouteFiles.map((definition) => definition.file));
  const added = routeFiles.filter((definition) => !before.has(definition.file)).map((definition) => ({ file: siteFile(site, definition.file), path: definition.path }));
  return { file: siteFile(site, last.file), added };
}
