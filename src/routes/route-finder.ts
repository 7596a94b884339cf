/**
 * Which route file answers a request: the runtime's own router (createApp, as a built server routes)
 * over a route table, with handlers that only note their file and the parameters they were given.
 * The one answer to "does this URL reach that file": a dev build's thread asks it which route file a
 * request reaches (bundle-worker.ts), the build whether a path a file's `entries` lists is one that
 * file serves, and which file's `cacheKey` to ask about a route, with what parameters.
 */
import type { H3 } from 'h3';
import type { RouteDefinition } from './file-to-route.ts';

/** The route file (as the table names it) that answers a request, and the parameters its handler sees. */
export interface RouteMatch {
  file: string;
  params: Record<string, string>;
}

/** The route file (as the table names it) that answers `request`; `undefined` when none does. */
export type RouteFinder = (request: Request) => Promise<string | undefined>;

/** The match of `request`; `undefined` when no route file answers it. */
export type RouteMatcher = (request: Request) => Promise<RouteMatch | undefined>;

/** A matcher over `routes`; made once per table, asked per request (~10 µs). */
export function createRouteMatcher(routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'file'>[]): RouteMatcher {
  const hits = new WeakMap<Request, RouteMatch>();
  // h3 is imported with the first question, not with this module: the build and the dev server load
  // without it, so that a site lacking h3 v2 hears so from the bundler's check (bundle/h3-version.ts).
  let router: Promise<H3> | undefined;
  const makeRouter = async () => {
    const { createApp } = await import('../runtime/app.ts');
    const note = (file: string) => (event: { req: Request; context: { params?: Record<string, string> } }) => void hits.set(event.req, { file, params: { ...event.context.params } });
    return createApp(routes.map(({ method, path, file }) => ({ method, path, file, handler: note(file) })));
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

/** A finder over `routes` (a {@link createRouteMatcher} that answers the file alone). */
export function createRouteFinder(routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'file'>[]): RouteFinder {
  const match = createRouteMatcher(routes);
  return async (request) => (await match(request))?.file;
}
