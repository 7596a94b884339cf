/**
 * The worker thread that runs one dev build of the routes (see worker-bundle.ts): it loads the runtime
 * at once, so that a build is served as soon as it is loaded, then imports the bundle it is sent and
 * answers requests with it. Ending the thread ends whatever the route modules started.
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { loadBundle, type ServerBundle } from '../bundle/load-bundle.ts';
import { runtimeEntry } from '../paths.ts';
import { describeFailure } from './build-error.ts';
import { fromRequestData, type FromWorker, type RequestData, type ToWorker } from './worker-messages.ts';

const port = parentPort!;
// Stack traces of route modules name their source files, as in the dev server's own thread.
process.setSourceMapsEnabled(true);
const runtime = import(pathToFileURL(runtimeEntry).href);
let bundle: ServerBundle | undefined;

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// The bodies being streamed, so that a client who goes away stops the handler's stream.
const streams = new Map<number, ReadableStreamDefaultReader<Uint8Array>>();

port.on('message', (message: ToWorker) => {
  if (message.type === 'load') void load(message.file, message.site);
  else if (message.type === 'cancel') void streams.get(message.id)?.cancel();
  else void answer(message.id, message);
});

async function load(file: string, site: { root: string; routesDir: string }): Promise<void> {
  try {
    await runtime;
    bundle = await loadBundle(file, site);
    send({ type: 'loaded' });
  } catch (error) {
    send({ type: 'failed', failure: describeFailure(error) });
  }
}

async function answer(id: number, data: RequestData): Promise<void> {
  try {
    const response = await bundle!.fetch(fromRequestData(data));
    send({ type: 'head', id, status: response.status, statusText: response.statusText, headers: [...response.headers] });
    const reader = response.body?.getReader();
    if (reader) streams.set(id, reader);
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      // A copy the thread can hand over: a chunk may be a view into a larger buffer.
      const copy = read.value.slice();
      send({ type: 'chunk', id, chunk: copy }, [copy.buffer as ArrayBuffer]);
    }
    send({ type: 'end', id });
  } catch (error) {
    send({ type: 'error', id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    streams.delete(id);
  }
}
