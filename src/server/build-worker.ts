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
import type { BuildThreadData, FromBuildThread, ThreadBuild, ToBuildThread } from './bundle-worker.ts';
import { forward } from './forward.ts';

/** A worker thread that serves one build. */
export interface BuildWorker {
  /** Gets ready for a build of this route table while the build is being made. */
  prepare(table: RouteDefinition[]): void;
  /** Imports the bundle and serves it with the route table; the failure when that throws (a route module did). */
  load(build: ThreadBuild): Promise<BuildFailure | undefined>;
  /**
   * Answers `request` with the loaded build. Rejects when the connection breaks, once it is known
   * whether the thread has stopped (then `onStop` has been called) or goes on.
   */
  fetch(request: Request): Promise<Response>;
  /** Ends the thread once the requests in flight are answered. */
  retire(): void;
  /** Ends the thread now. Safe to call more than once. */
  terminate(): Promise<void>;
}

/**
 * Starts a worker thread; it loads the runtime and listens at once, so a build sent later is served
 * sooner. `onStop` hears of a thread that stopped by itself (such as an uncaught error in a route
 * module's timer), with the error.
 */
export function startBuildWorker(bodyLimit: number, onStop: (error: Error) => void): BuildWorker {
  // Always the compiled worker, as with the toolchain: see paths.ts.
  const worker = new Worker(join(libDir, 'server', 'bundle-worker.js'), { workerData: { bodyLimit } satisfies BuildThreadData });
  // The socket keeps the dev server's process alive; a thread must never be what holds it.
  worker.unref();
  let port: number | undefined;
  let inFlight = 0;
  let retiring = false;
  let ending = false;
  let stopped: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => (stopped = error));
  worker.once('exit', (code) => {
    stopped ??= new Error(`The routes' worker thread stopped (exit code ${code}).`);
    if (!ending) onStop(stopped);
  });

  const send = (message: ToBuildThread) => worker.postMessage(message);
  /** The thread's next answer, or `undefined` if it stops first. */
  const answer = () => Promise.race([new Promise<FromBuildThread>((resolve) => worker.once('message', resolve)), exited.then(() => undefined)]);
  const terminate = async () => {
    ending = true;
    await worker.terminate();
  };
  const done = () => {
    inFlight--;
    if (retiring && inFlight === 0) void terminate();
  };

  return {
    prepare: (table) => send({ table }),
    async load(build) {
      send(build);
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
    retire() {
      retiring = true;
      if (inFlight === 0) void terminate();
    },
    terminate,
  };
}
