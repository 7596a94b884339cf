/**
 * Which route file answers a request: the runtime's own router (createApp, as a built server routes)
 * over a route table, with handlers that only note their file. The one answer to "does this URL
 * reach that file": the dev server asks it which route files to load, the build whether a path a
 * file's `entries` lists is one that file serves.
 */
import type { H3 } from 'h3';
import type { RouteDefinition } from './file-to-route.ts';

/** The route file (as the table names it) that answers `request`; `undefined` when none does. */
export type RouteFinder = (request: Request) => Promise<string | undefined>;

/** A finder over `routes`; made once per table, asked per request (~10 µs). */
export function createRouteFinder(routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'file'>[]): RouteFinder {
  const hits = new WeakMap<Request, string>();
  // h3 is imported with the first question, not with this module: the build and the dev server load
  // without it, so that a site lacking h3 v2 hears so from the bundler's check (bundle/h3-version.ts).
  let router: Promise<H3> | undefined;
  const makeRouter = async () => {
    const { createApp } = await import('../runtime/app.ts');
    return createApp(routes.map(({ method, path, file }) => ({ method, path, file, handler: (event: { req: Request }) => void hits.set(event.req, file) })));
  };
  return async (request) => {
    router ??= makeRouter();
    let probe: Request;
    try {
      // Only the method, URL and headers route a request: its body stays with the caller.
      probe = new Request(request.url, { method: request.method, headers: request.headers });
    } catch {
      // A method a Request cannot carry (TRACE, CONNECT): no route file answers it.
      return undefined;
    }
    await (await router).fetch(probe);
    return hits.get(probe);
  };
}
