/**
 * Which route file answers a request: the runtime's own router (createApp, as a built server routes)
 * over a route table, with handlers that only note their file. The one answer to "does this URL
 * reach that file": the dev server asks it which route files to load, the build whether a path a
 * file's `entries` lists is one that file serves.
 */
import { createApp } from '../runtime/app.ts';
import type { RouteDefinition } from './file-to-route.ts';

/** The route file (as the table names it) that answers `request`; `undefined` when none does. */
export type RouteFinder = (request: Request) => Promise<string | undefined>;

/** A finder over `routes`; made once per table, asked per request (~10 µs). */
export function createRouteFinder(routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'file'>[]): RouteFinder {
  const hits = new WeakMap<Request, string>();
  const router = createApp(routes.map(({ method, path, file }) => ({ method, path, file, handler: (event: { req: Request }) => void hits.set(event.req, file) })));
  return async (request) => {
    let probe: Request;
    try {
      // Only the method, URL and headers route a request: its body stays with the caller.
      probe = new Request(request.url, { method: request.method, headers: request.headers });
    } catch {
      // A method a Request cannot carry (TRACE, CONNECT): no route file answers it.
      return undefined;
    }
    await router.fetch(probe);
    return hits.get(probe);
  };
}
