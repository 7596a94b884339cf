/**
 * The worker thread that runs one dev build of the routes (see build-worker.ts). While it waits for
 * its build it loads the runtime, listens on a socket of its own through the built server's socket
 * layer, and makes the app of the route table it was told of; then it imports the modules of the
 * route files the build changed, and answers with its port or with why it could not.
 * Every other route file's module is imported on the route's first request; which route file a request
 * reaches is answered here too (route-file-question.ts). Ending the thread ends whatever the route
 * modules started.
 */
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadError, siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import { errors, PrerenderError } from '../errors.ts';
import { resultMistake } from '../prerender/handler-result.ts';
import { settleWithin } from '../settle-within.ts';
import { warnings, type Warning } from '../warnings.ts';
import { runtimeEntry } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRouteFileAnswerer, type RouteFileAnswer, type RouteFileQuestion } from './route-file-question.ts';
import type * as Runtime from '../runtime/index.ts';
import { keepServingOnStrayErrors } from '../runtime/stray-errors.ts';
import { exitCallFrames } from '../exit-call.ts';
import { describeFailure, failureResponse, routeErrorLine, routeErrorResponse, type BuildFailure } from './build-error.ts';

/** What the thread is started with: the body limit, the builds' output folder (dev-output.ts), the site. */
export interface BuildThreadData {
  bodyLimit: number;
  dir: string;
  site: RouteFiles;
  /** prerender.timeout, in ms: how long a route file's module may take to load, and a handler to answer. */
  timeout: number;
}
/** Route file (relative to routesDir) -> its module's file in the output folder. */
export type RouteModules = Record<string, string>;
/**
 * A build for the thread to serve: the route files whose modules it imports now, the modules that
 * changed since the thread was told of them (all of them if it was not), and the route table, unless
 * it is the one the thread was told of before.
 */
export interface ThreadBuild {
  load: string[];
  modules: RouteModules;
  routes?: RouteDefinition[];
  /** The site's circles of imports (bundle/import-cycles.ts): a module of one that throws a ReferenceError as it loads names it. */
  cycles: string[][];
}
/**
 * What the dev server sends: the route table and modules the next build will likely have (to get
 * ready), a build, a question of which route file answers a request, or `ping` (answered `pong`
 * while the thread runs).
 */
export type ToBuildThread = { table: RouteDefinition[]; modules: RouteModules } | ThreadBuild | RouteFileQuestion | 'ping';
/** What the thread answers a build or a ping with. */
export type ThreadAnswer = { port: number } | { failure: BuildFailure } | 'pong';
/**
 * An answer; or, unasked, for the dev server to print: a route module that failed to load on its
 * route's first request, a handler's unhandled error, a handler's result h3 sends otherwise than meant.
 */
export type FromBuildThread = ThreadAnswer | RouteFileAnswer | { failed: BuildFailure } | { routeError: string } | { warning: Warning } | { exitFrames: string };

type Handler = (event: unknown) => unknown;

const port = parentPort!;
// As the built server and `prerender preview` do: an error a route module throws outside any request
// (a stream's timer writing after its client hung up) is printed, and the routes are served on. Each
// once in this thread (one build: a save starts another): a timer of setInterval throws as often as it
// runs, and would fill the terminal with the same lines.
// process.exit() in a route module ends this thread, and emits 'exit' before: the frames of its
// caller, the site's, told to the dev server before the thread ends, say which line ended it.
process.on('exit', () => {
  const frames = exitCallFrames();
  if (frames) port.postMessage({ exitFrames: frames } satisfies FromBuildThread);
});
const strays = new Set<string>();
keepServingOnStrayErrors((message) => {
  if (strays.has(message)) return;
  strays.add(message);
  port.postMessage({ routeError: message } satisfies FromBuildThread);
});
const { bodyLimit, dir, site, timeout } = workerData as BuildThreadData;
// Stack traces of route modules name their source files, as in the dev server's own thread.
process.setSourceMapsEnabled(true);
const runtime = import(pathToFileURL(runtimeEntry).href) as Promise<typeof Runtime>;
type App = ReturnType<typeof Runtime.createApp>;
let app: App | undefined;
/** The app made before the build came, while it answers the thread's own first request (see prepare()). */
let warming: App | undefined;
let prepared: Promise<App> | undefined;
/** The header of that request, which no route module answers: no other client knows its value. */
const warmUp = { name: 'x-api-prerender-warm-up', value: randomUUID() };
// Other requests come only once the build is served, so `app` is set by then.
const server = runtime.then(({ listen, outcomeKey }) =>
  listen(
    async (request) => {
      // What the handler returned, as the build records it: a result h3 sends otherwise than meant is warned of.
      const outcome: Runtime.RequestOutcome = { routed: false };
      const response = await (app ?? warming)!.request(request, undefined, { [outcomeKey]: outcome });
      warnOfResult(request.url, outcome);
      return response;
    },
    { host: '127.0.0.1', port: 0, bodyLimit },
  ),
);
// Awaited by the build the thread serves, which answers their failure. A spare thread that never
// serves (its runtime failed to load: h3 replaced by an install while it waited) ends unheard.
server.catch(() => undefined);
/** Each route file's module, as the dev server told. */
let modules: RouteModules = {};
/** The route table the dev server told of to get ready. */
let preparedTable: RouteDefinition[] = [];
const routeFiles = createRouteFileAnswerer();
/** The site's circles of imports, as the build served told. */
let cycles: string[][] = [];
/** Each route file's default export, imported once. */
const handlers = new Map<string, Promise<Handler>>();
/** The failures of route modules to load, printed once each (a shared module that throws fails every route importing it alike). */
const reported = new Set<string>();

/** Sends the dev server `failure` to print, unless it was sent already. */
function reportOnce(failure: BuildFailure): void {
  const key = `${failure.code}\n${failure.message}`;
  if (reported.has(key)) return;
  reported.add(key);
  port.postMessage({ failed: failure } satisfies FromBuildThread);
}
/** Each route file's results h3 sends otherwise than meant (its file and what), warned of once per build. */
const warned = new Set<string>();

/**
 * Sends the dev server the warning a build gives (HANDLER_RESULT) when the handler of `route` returned
 * what h3 sends otherwise than meant (undefined as an empty body, a Map as "[object Map]"): in dev
 * the answer alone looks fine. Once per route file and mistake.
 */
function warnOfResult(url: string, outcome: Runtime.RequestOutcome): void {
  // No handler returned (no route, one that threw): nothing to say, and no URL to parse.
  if (outcome.returned === undefined) return;
  const route = new URL(url).pathname;
  const mistake = resultMistake(route, outcome.returned);
  if (!mistake) return;
  const key = `${mistake.file}\n${mistake.message}`;
  if (warned.has(key)) return;
  warned.add(key);
  port.postMessage({ warning: warnings.handlerResult(siteFile(site, mistake.file), [route], 1, mistake.message) } satisfies FromBuildThread);
}

port.on('message', (message: ToBuildThread) => {
  if (message === 'ping') port.postMessage('pong' satisfies FromBuildThread);
  else if ('which' in message) void routeFiles.answer(message).then((answer) => port.postMessage(answer satisfies FromBuildThread));
  else if ('table' in message) {
    modules = message.modules;
    preparedTable = message.table;
    prepared = prepare(message.table);
    prepared.catch(() => undefined);
  } else void serve(message).then((answer) => port.postMessage(answer));
});

async function serve(build: ThreadBuild): Promise<FromBuildThread> {
  try {
    modules = { ...modules, ...build.modules };
    cycles = build.cycles;
    const made = build.routes ? makeApp(build.routes) : prepared!;
    routeFiles.serve(build.routes ?? preparedTable);
    // A module that throws as it loads fails its own route, printed now, as one imported on its
    // route's first request does: one broken route file does not take the others down with it.
    const loaded = await Promise.allSettled(build.load.map(handlerOf));
    for (const result of loaded) if (result.status === 'rejected') reportOnce(describeFailure(result.reason));
    app = await made;
    return { port: Number(new URL((await server).url).port) };
  } catch (error) {
    return { failure: describeFailure(error) };
  }
}

/**
 * Makes the app of `table` before its build is ready, and sends its own socket one request, which
 * the app routes but no route module answers: a new thread routes a thousand routes and its first
 * request in ~50 ms of CPU, and the first request to a new build was forwarded in 7-36 ms, 3-12 ms
 * once the socket layer, h3 and the router had run once (1,000 route files, machine loaded).
 */
async function prepare(table: RouteDefinition[]) {
  const made = await makeApp(table);
  warming = made;
  const { url } = await server;
  await new Promise((resolve) => get(url, { headers: { [warmUp.name]: warmUp.value } }, (answer) => answer.resume().once('end', resolve)).once('error', resolve));
  warming = undefined;
  return made;
}

/** The app of `table`, each route's module imported on its first request. */
async function makeApp(table: RouteDefinition[]) {
  const { createApp } = await runtime;
  const routes = table.map((route) => ({ ...route, handler: (event: { req: Request }) => answer(route.file, event) }));
  return createApp(routes, {
    onError: (error, event) => routeErrorResponse(error, event.req),
    // Printed by the dev server's logger, as the answer shows it.
    report: (thrown, event) => port.postMessage({ routeError: routeErrorLine(thrown, event.req) } satisfies FromBuildThread),
  });
}

/** Runs the route file's handler; a module that cannot be loaded is answered as a failed build is, and printed once. */
async function answer(file: string, event: { req: Request }): Promise<unknown> {
  if (event.req.headers.get(warmUp.name) === warmUp.value) return '';
  let handler: Handler;
  try {
    handler = await handlerOf(file);
  } catch (error) {
    const failure = describeFailure(error);
    reportOnce(failure);
    return failureResponse(failure, event.req);
  }
  const answered = handler(event);
  // Bounded as a build's route is: a promise that never settles held the request until the client
  // gave up, with no word of which file, where the build names it.
  return answered instanceof Promise ? settleWithin(answered, timeout, () => errors.routeTimedOut(siteFile(site, file), timeout)) : answered;
}

function handlerOf(file: string): Promise<Handler> {
  let handler = handlers.get(file);
  if (!handler) handlers.set(file, (handler = importHandler(file)));
  return handler;
}

/** The default export of a route file's module; a PrerenderError naming the file when it is no handler, the module throws or does not finish loading. */
async function importHandler(file: string): Promise<Handler> {
  let module: { default?: unknown };
  // Bounded as the build's load is: a top-level await that never settles would hold every request
  // for the route, and the build waiting on it, with no word.
  const imported = import(pathToFileURL(join(dir, modules[file]!)).href) as Promise<{ default?: unknown }>;
  try {
    module = await settleWithin(imported, timeout, () => errors.moduleLoadTimedOut(timeout, siteFile(site, file)));
  } catch (error) {
    throw error instanceof PrerenderError ? error : loadError(error, site, cycles);
  }
  if (!('default' in module)) throw errors.noHandler(siteFile(site, file), 'has no default export', [], Object.keys(module));
  const handler = module.default;
  if (typeof handler !== 'function') throw loadError(new (await runtime).InvalidHandlerError(file, handler), site);
  return handler as Handler;
}
