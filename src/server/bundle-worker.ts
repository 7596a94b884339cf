/**
 * The worker thread that runs one dev build of the routes (see build-worker.ts). While it waits for
 * its build it loads the runtime and listens on a socket of its own, through the built server's
 * socket layer; then it imports the bundle (the handlers of the route files in use), makes the app
 * from the dev server's route table, and answers with its port or with why it could not. Ending the
 * thread ends whatever the route modules started.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadBundle, loadError, type RouteFiles } from '../bundle/load-bundle.ts';
import { runtimeEntry } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type * as Runtime from '../runtime/index.ts';
import { describeFailure, routeErrorResponse, type BuildFailure } from './build-error.ts';

/** What the thread is started with. */
export interface BuildThreadData {
  bodyLimit: number;
}
/** A build for the thread to serve: its bundle, the route table, where the route files are. */
export interface ThreadBuild {
  file: string;
  routes: RouteDefinition[];
  site: RouteFiles;
}
/**
 * What the dev server sends: the route table the next build will likely have (to get ready), a
 * build, or `ping` (answered `pong` while the thread runs).
 */
export type ToBuildThread = { table: RouteDefinition[] } | ThreadBuild | 'ping';
/** What the thread answers a build or a ping with. */
export type FromBuildThread = { port: number } | { failure: BuildFailure } | 'pong';

const port = parentPort!;
const { bodyLimit } = workerData as BuildThreadData;
// Stack traces of route modules name their source files, as in the dev server's own thread.
process.setSourceMapsEnabled(true);
const runtime = import(pathToFileURL(runtimeEntry).href) as Promise<typeof Runtime>;
let app: ReturnType<typeof Runtime.createApp> | undefined;
// Requests come only once the build is served, so `app` is set by then.
const server = runtime.then(({ listen }) => listen((request) => app!.fetch(request), { host: '127.0.0.1', port: 0, bodyLimit }));

port.on('message', (message: ToBuildThread) => {
  if (message === 'ping') port.postMessage('pong' satisfies FromBuildThread);
  else if ('table' in message) void warmUp(message.table);
  else void serve(message).then((answer) => port.postMessage(answer));
});

async function serve(build: ThreadBuild): Promise<FromBuildThread> {
  try {
    const { createApp } = await runtime;
    const { handlers } = await loadBundle<{ handlers: Record<string, unknown> }>(build.file, build.site);
    // A route whose file this build left out keeps its place; the dev server loads it before a request reaches it.
    const routes = build.routes.map((route) => ({ ...route, handler: Object.hasOwn(handlers, route.file) ? handlers[route.file] : notLoaded(route.file) }));
    try {
      app = createApp(routes, { onError: (error, event) => routeErrorResponse(error, event.req) });
    } catch (error) {
      // A default export that is no handler, named as `prerender build` names it.
      throw loadError(error, build.site);
    }
    return { port: Number(new URL((await server).url).port) };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}

/**
 * Makes an app of `table` with handlers of its own, and answers one request with it, then drops it:
 * a new thread routes a thousand routes and its first request in ~50 ms of CPU, half of that once
 * the code has run once. No code of the site runs here.
 */
async function warmUp(table: RouteDefinition[]): Promise<void> {
  const { createApp } = await runtime;
  const idle = createApp(table.map((route) => ({ ...route, handler: () => '' })));
  await (await idle.fetch(new Request('http://localhost/'))).arrayBuffer();
}

function notLoaded(file: string) {
  return () => {
    throw new Error(`Route file ${file} is not loaded in this build yet: request it again.`);
  };
}
