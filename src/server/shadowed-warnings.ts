/**
 * dev's SHADOWED_ROUTE warnings (routes/shadowed-routes.ts): what the build says of a method-less
 * route file that GET and HEAD never reach, said once each, though dev scans the route table again
 * whenever a file is added, removed or renamed.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { warn, type Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { findShadowedRoutes } from '../routes/shadowed-routes.ts';
import { warnings } from '../warnings.ts';

/** A function to call with each route table scanned: it warns of the shadowed route files not warned of yet. */
export function shadowedRouteWarner(site: RouteFiles, logger: Logger): (routes: readonly RouteDefinition[]) => void {
  const said = new Set<string>();
  return (routes) => {
    for (const { file, path, get, head } of findShadowedRoutes(routes)) {
      const warning = warnings.shadowedRoute({ file: siteFile(site, file), path, get: siteFile(site, get), head: head && siteFile(site, head) });
      if (said.has(warning.message)) continue;
      said.add(warning.message);
      warn(logger, warning);
    }
  };
}
