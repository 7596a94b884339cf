/**
 * Method-less route files that never answer GET or HEAD: the router gives a method file on the same
 * path precedence (`feed.json.get.ts` over `feed.json.ts`), and HEAD goes where GET goes (or to a
 * `.head` file), so only the other methods reach them and the prerender never does. Pure.
 */
import { routeShape } from '../runtime/route-shape.ts';
import type { RouteDefinition } from './file-to-route.ts';

/** A method-less file and the files answering GET (and HEAD, when one of its own) for its path. */
export interface ShadowedRoute {
  file: string;
  path: string;
  get: string;
  head?: string;
}

/**
 * Every method-less route with a GET route of the same shape (parameter names aside: `[id].ts` and
 * `[slug].get.ts` match the same URLs), in table order. A GET file of another shape only takes some
 * of its URLs (`users/latest.get.ts` beside `users/[id].ts`), and a `.head` file alone leaves it GET.
 */
export function findShadowedRoutes(routes: readonly RouteDefinition[]): ShadowedRoute[] {
  const byMethod = (method: string) => new Map(routes.filter((route) => route.method === method).map((route) => [routeShape(route.path), route.file]));
  const gets = byMethod('GET');
  const heads = byMethod('HEAD');
  const shadowed: ShadowedRoute[] = [];
  for (const { method, path, file } of routes) {
    const get = method === '' ? gets.get(routeShape(path)) : undefined;
    if (get === undefined) continue;
    const head = heads.get(routeShape(path));
    shadowed.push(head === undefined ? { file, path, get } : { file, path, get, head });
  }
  return shadowed;
}
