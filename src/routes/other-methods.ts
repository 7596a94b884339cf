/**
 * The route files that answer a path for methods other than GET only (a `.post.ts`): why a GET of
 * it, the prerender's or a link's, finds no route though a file serves the path.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { routeUrl } from '../prerender/render-route.ts';
import type { RouteDefinition } from './file-to-route.ts';
import { createRouteFinder } from './route-finder.ts';

/** A route file that answers a path, and the one method it answers it for. */
export interface OtherMethod {
  method: string;
  /** The file, relative to the site's root (`src/server/routes/api/subscribe.post.ts`). */
  file: string;
}

/**
 * Asks, for a root-relative path (`/api/subscribe`), which route files answer it for a method other
 * than GET, each method's file once: none when no such file matches it. Made once, asked per path.
 */
export function otherMethodsOf(routeFiles: readonly RouteDefinition[], site: RouteFiles): (route: string) => Promise<OtherMethod[]> {
  const others = routeFiles.filter((route) => route.method !== '' && route.method !== 'GET');
  const answers = createRouteFinder(others);
  const methods = [...new Set(others.map((route) => route.method))];
  return async (route) => {
    const url = routeUrl(route);
    const found: OtherMethod[] = [];
    for (const method of methods) {
      const file = await answers(new Request(url, { method }));
      if (file !== undefined) found.push({ method, file: siteFile(site, file) });
    }
    return found;
  };
}
