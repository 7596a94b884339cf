/**
 * The dev server's side of a worker thread running one build of the routes (see bundle-worker.ts),
 * reached over HTTP (forward.ts). Each build gets a new thread and the thread of the build it replaces
 * is ended, so nothing a route module started (timers, pools, caches) outlives its build, and memory
 * stays flat over any number of saves. Why a thread: a module once imported is never unloaded. Measured
 * on sample-site (Node 20): `prerender dev` held 198 MB after 10 saves and 211 MB after 200 (after a
 * collection, bench/dev-memory.mjs); importing each save's bundle into one thread instead grew from
 * 61 MB after 10 imports to 202 MB after 200, the bundles alone.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { libDir } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { BuildFailure } from './build-error.ts';
import type { Warning } from '../warnings.ts';
import type { BuildThreadData, FromBuildThread, RouteModules, ThreadAnswer, ToBuildThread } from './bundle-worker.ts';
import { createRouteFileAsker, type RouteFileAnswer } from './route-file-question.ts';
import { forward } from './forward.ts';

/** A worker thread that serves one build. */
export interface BuildWorker {
  /**
   * Gets ready for a build of this route table, whose route files' modules are at `fileName(file)` in
   * the output folder (none for a file no build could bundle), while the build is being made.
   */
  prepare(table: RouteDefinition[], fileName: (file: string) => string | undefined): void;
  /**
   * Serves the build of `routes` (modules as for prepare()): imports the modules of the route files
   * `load` names now, the others on their first request. The failure when one of those throws or is
   * no handler; one that throws a ReferenceError in a module of one of `cycles` names the circle.
   */
  load(routes: RouteDefinition[], fileName: (file: string) => string | undefined, load: string[], cycles: string[][]): Promise<BuildFailure | undefined>;
  /**
   * Answers `request` with the loaded build. Rejects when the connection breaks, once it is known
   * whether the thread has stopped (then `onStop` has been called) or goes on.
   */
  fetch(request: Request): Promise<Response>;
  /** The route file of the loaded build that answers `request`; `undefined` when none does (or the thread stopped). */
  routeFile(request: Request): Promise<string | undefined>;
  /** Ends the thread once the requests in flight are answered. */
  retire(): void;
  /** Ends the thread now. Safe to call more than once. */
  terminate(): Promise<void>;
}

/** What a build's thread reports to the dev server. */
export interface BuildWorkerEvents {
  /** The thread stopped by itself (such as an uncaught error in a route module's timer), with the error. */
  onStop(error: Error): void;
  /** A route file's module failed to load on the route's first request (answered with the failure). */
  onLoadFailure(failure: BuildFailure): void;
  /** A handler threw and did not handle the error (answered with it): the request, the stack. */
  onRouteError(line: string): void;
  /** A handler returned what h3 sends otherwise than meant (HANDLER_RESULT), once per file and mistake. */
  onWarning(warning: Warning): void;
}

/** A message the thread sends of its own, not the answer to one sent to it. */
const isNotice = (message: FromBuildThread): message is { failed: BuildFailure } | { routeError: string } | { warning: Warning } | { exitFrames: string } | RouteFileAnswer =>
  typeof message === 'object' && ('failed' in message || 'routeError' in message || 'warning' in message || 'exitFrames' in message || 'which' in message);

/**
 * Starts a worker thread serving builds written to `dir` (dev-output.ts); it loads the runtime and
 * listens at once, so a build sent later is served sooner.
 */
export function startBuildWorker(options: BuildThreadData, events: BuildWorkerEvents): BuildWorker {
  // Always the compiled worker, as with the toolchain: see paths.ts.
  const worker = new Worker(join(libDir, 'server', 'bundle-worker.js'), { workerData: options satisfies BuildThreadData });
  // The socket keeps the dev server's process alive; a thread must never be what holds it.
  worker.unref();
  let port: number | undefined;
  let table: RouteDefinition[] | undefined;
  let inFlight = 0;
  let retiring = false;
  let ending = false;
  let stopped: Error | undefined;
  /** Where process.exit() was called in the thread, as it told before it ended. */
  let exitFrames: string | undefined;
  const routeFiles = createRouteFileAsker((question) => send(question));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => (stopped = error));
  worker.once('exit', (code) => {
    // An error thrown outside any request is printed and the thread goes on (bundle-worker.ts): what
    // ends it is process.exit(), or Node's own fatal error.
    if (!stopped) {
      stopped = new Error(`the thread that runs them ended with exit code ${code} (process.exit(), called by a route module or a module it imports)`);
      // Its stack is the call's in the thread, not this listener's.
      stopped.stack = `Error: ${stopped.message}${exitFrames ? `\n${exitFrames}` : ''}`;
    }
    if (!ending) events.onStop(stopped);
    routeFiles.stopped();
  });
  worker.on('message', (message: FromBuildThread) => {
    if (!isNotice(message)) return;
    if ('which' in message) routeFiles.answered(message);
    else if ('failed' in message) events.onLoadFailure(message.failed);
    else if ('warning' in message) events.onWarning(message.warning);
    else if ('exitFrames' in message) exitFrames = message.exitFrames;
    else events.onRouteError(message.routeError);
  });

  const send = (message: ToBuildThread) => worker.postMessage(message);
  /** The thread's next answer, or `undefined` if it stops first. */
  const answer = () => {
    const answered = new Promise<ThreadAnswer>((resolve) => {
      const take = (message: FromBuildThread) => {
        if (isNotice(message)) return;
        worker.off('message', take);
        resolve(message);
      };
      worker.on('message', take);
    });
    return Promise.race([answered, exited.then(() => undefined)]);
  };
  const terminate = async () => {
    ending = true;
    await worker.terminate();
  };
  const done = () => {
    inFlight--;
    if (retiring && inFlight === 0) void terminate();
  };

  return {
    prepare(routes, fileName) {
      table = routes;
      send({ table: routes, modules: fileNames(routes.map((route) => route.file), fileName) });
    },
    async load(routes, fileName, load, cycles) {
      // What the thread was told of, unless the build's table differs: then all of it. Only the
      // modules of the route files a build bundled can have changed.
      const prepared = table && sameTable(table, routes);
      send(prepared ? { load, modules: fileNames(load, fileName), cycles } : { load, modules: fileNames(routes.map((route) => route.file), fileName), routes, cycles });
      const loaded = await answer();
      if (typeof loaded !== 'object') return { code: 'ERROR', message: stopped!.stack ?? stopped!.message };
      if ('failure' in loaded) return loaded.failure;
      port = loaded.port;
      return undefined;
    },
    async fetch(request) {
      inFlight++;
      try {
        return await forward(request, port!, done);
      } catch (error) {
        // Asked, not guessed: a thread that answers still runs, and one that stopped says so first.
        send('ping');
        await answer();
        throw stopped ?? error;
      }
    },
    routeFile: (request) => routeFiles.ask(request),
    retire() {
      retiring = true;
      if (inFlight === 0) void terminate();
    },
    terminate,
  };
}

/** Whether two route tables route alike: the same routes, in the same order. */
function sameTable(a: RouteDefinition[], b: RouteDefinition[]): boolean {
  return a === b || (a.length === b.length && a.every((route, i) => route.method === b[i]!.method && route.path === b[i]!.path && route.file === b[i]!.file));
}

/** Each of `files` with its module's file; a file none was made for yet is left out (it is never loaded). */
function fileNames(files: string[], fileName: (file: string) => string | undefined): RouteModules {
  const modules: RouteModules = {};
  for (const file of files) {
    const name = fileName(file);
    if (name !== undefined) modules[file] = name;
  }
  return modules;
}
