/** The load step: the server bundle imported into this process, the routes the prerender calls. */
import { loadBundle, type ServerBundle } from '../bundle/load-bundle.ts';
import { whileDoing } from '../file-limit.ts';
import type { RouteHandler } from '../prerender/render-route.ts';
import { untilAborted } from '../settle-within.ts';
import type { BuildContext } from './context.ts';

/**
 * Imports the staged server bundle. A type check kept for this moment (a long route list: see
 * schedule-typecheck.ts) runs first, on its own, while nothing else is in memory but the config.
 */
export async function loadServer(build: BuildContext): Promise<ServerBundle> {
  const { config, paths, signal } = build;
  await untilAborted(Promise.resolve(build.check?.beforePrerender()), signal);
  return untilAborted(whileDoing('loading the server bundle', () => loadBundle(paths.serverFile, config)), signal);
}

/**
 * How the prerender and the link check call the bundle's routes: an h3 app of its own, with the
 * per-request context. Silent: a handler's error is reported with its failed route (site-trace.ts),
 * not printed by h3 as an object.
 */
export function routeHandler(server: ServerBundle): RouteHandler {
  const app = server.routesApp({ silent: true });
  return (request, context) => app.request(request, undefined, context);
}
