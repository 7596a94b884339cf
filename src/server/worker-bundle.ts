/**
 * The dev server's side of a worker thread running one build of the routes (see bundle-worker.ts).
 * Each build gets a new thread and the thread of the build it replaces is ended, so nothing a route
 * module started (timers, pools, caches) outlives its build, and memory stays flat over any number
 * of saves.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RouteFiles } from '../bundle/load-bundle.ts';
import { libDir } from '../paths.ts';
import type { BuildFailure } from './build-error.ts';
import { toHeaders, toRequestData, type FromWorker, type ToWorker } from './worker-messages.ts';

/** A worker thread that serves one build. */
export interface BundleWorker {
  /** Imports the bundle at `file`; the failure when a route module throws while it loads. */
  load(file: string, site: RouteFiles): Promise<BuildFailure | undefined>;
  /** Answers `request` with the loaded build; the body streams from the thread as it is written. */
  fetch(request: Request): Promise<Response>;
  /** Ends the thread once the requests in flight are answered. */
  retire(): void;
  /** Ends the thread now. Safe to call more than once. */
  terminate(): Promise<void>;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

interface InFlight {
  resolve(response: Response): void;
  reject(error: Error): void;
  body?: ReadableStreamDefaultController<Uint8Array>;
}

/**
 * Starts a worker thread; it loads the runtime at once, so a build sent later is served sooner.
 * `onExit` hears when the thread has ended, with the error when it stopped by itself (such as an
 * uncaught error in a route module's timer).
 */
export function startBundleWorker(onExit: (error?: Error) => void): BundleWorker {
  // Always the compiled worker, as with the toolchain: see paths.ts.
  const worker = new Worker(join(libDir, 'server', 'bundle-worker.js'));
  // The socket keeps the dev server's process alive; a thread must never be what holds it.
  worker.unref();
  const inFlight = new Map<number, InFlight>();
  let nextId = 0;
  let loaded: ((failure: BuildFailure | undefined) => void) | undefined;
  let stopped: Error | undefined;
  let ending = false;
  let retiring = false;

  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const finish = (id: number) => {
    inFlight.delete(id);
    if (retiring && inFlight.size === 0) void terminate();
  };
  const terminate = async () => {
    ending = true;
    await worker.terminate();
  };

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'loaded' || message.type === 'failed') return loaded?.(message.type === 'failed' ? message.failure : undefined);
    const request = inFlight.get(message.id);
    if (!request) return;
    if (message.type === 'head') {
      const body = nullBodyStatuses.has(message.status)
        ? null
        : new ReadableStream<Uint8Array>({
            start: (controller) => void (request.body = controller),
            cancel: () => {
              send({ type: 'cancel', id: message.id });
              finish(message.id);
            },
          });
      request.resolve(new Response(body, { status: message.status, statusText: message.statusText, headers: toHeaders(message.headers) }));
    } else if (message.type === 'chunk') {
      request.body?.enqueue(message.chunk);
    } else if (message.type === 'end') {
      request.body?.close();
      finish(message.id);
    } else {
      const error = new Error(message.message);
      request.reject(error);
      request.body?.error(error);
      finish(message.id);
    }
  });
  worker.once('error', (error) => (stopped = error));
  worker.once('exit', (code) => {
    stopped ??= new Error(`The routes' worker thread stopped (exit code ${code}).`);
    loaded?.({ code: 'ERROR', message: stopped.stack ?? stopped.message });
    for (const request of inFlight.values()) {
      request.reject(stopped);
      request.body?.error(stopped);
    }
    inFlight.clear();
    onExit(ending ? undefined : stopped);
  });

  return {
    load(file, site) {
      return new Promise((resolve) => {
        loaded = resolve;
        send({ type: 'load', file, site });
      });
    },
    async fetch(request) {
      if (stopped) throw stopped;
      // In flight from now on, so the thread is not ended while the body is read.
      const id = nextId++;
      const response = new Promise<Response>((resolve, reject) => inFlight.set(id, { resolve, reject }));
      try {
        const data = await toRequestData(request);
        send({ type: 'request', id, ...data }, data.body ? [data.body.buffer as ArrayBuffer] : []);
      } catch (error) {
        finish(id);
        throw error;
      }
      return response;
    },
    retire() {
      retiring = true;
      if (inFlight.size === 0) void terminate();
    },
    terminate,
  };
}
