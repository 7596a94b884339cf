/**
 * The worker thread that runs one dev build of the routes (see build-worker.ts). It loads the runtime
 * at once, so a build is served as soon as it is sent; then it imports the bundle (the handlers of the
 * route files in use), makes the app from the dev server's route table, serves it on a socket of its
 * own through the built server's socket layer, and answers with its port or with why it could not.
 * Ending the thread ends whatever the route modules started.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { loadBundle, loadError, type RouteFiles } from '../bundle/load-bundle.ts';
import { runtimeEntry } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type * as Runtime from '../runtime/index.ts';
import { describeFailure, routeErrorResponse, type BuildFailure } from './build-error.ts';

/** A build for the thread to serve: its bundle, the route table, where the route files are. */
export interface ThreadBuild {
  file: string;
  routes: RouteDefinition[];
  site: RouteFiles;
  bodyLimit: number;
}
/** What the dev server sends: a build, or `ping` (answered `pong` while the thread runs). */
export type ToBuildThread = ThreadBuild | 'ping';
/** What the thread answers. */
export type FromBuildThread = { port: number } | { failure: BuildFailure } | 'pong';

const port = parentPort!;
// Stack traces of route modules name their source files, as in the dev server's own thread.
process.setSourceMapsEnabled(true);
const runtime = import(pathToFileURL(runtimeEntry).href) as Promise<typeof Runtime>;

port.on('message', (message: ToBuildThread) => {
  if (message === 'ping') return port.postMessage('pong' satisfies FromBuildThread);
  void serve(message).then((answer) => port.postMessage(answer));
});

async function serve(build: ThreadBuild): Promise<FromBuildThread> {
  try {
    const { createApp, listen } = await runtime;
    const { handlers } = await loadBundle<{ handlers: Record<string, unknown> }>(build.file, build.site);
    // A route whose file this build left out keeps its place; the dev server loads it before a request reaches it.
    const routes = build.routes.map((route) => ({ ...route, handler: Object.hasOwn(handlers, route.file) ? handlers[route.file] : notLoaded(route.file) }));
    let app: ReturnType<typeof createApp>;
    try {
      app = createApp(routes, { onError: (error, event) => routeErrorResponse(error, event.req) });
    } catch (error) {
      // A default export that is no handler, named as `prerender build` names it.
      throw loadError(error, build.site);
    }
    const server = await listen((request) => app.fetch(request), { host: '127.0.0.1', port: 0, bodyLimit: build.bodyLimit });
    return { port: Number(new URL(server.url).port) };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}

function notLoaded(file: string) {
  return () => {
    throw new Error(`Route file ${file} is not loaded in this build yet: request it again.`);
  };
}
