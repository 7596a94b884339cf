/**
 * Reading a route's body whole, within the route's bounds: `prerender.timeout` and
 * `prerender.maxBodySize`. A stream is read chunk by chunk, the deadline checked and the bytes counted
 * at each: a stream whose `pull` enqueues synchronously resolves every read in a microtask, so no timer
 * could ever fire while it is read, and one that never ends would hold memory until the process dies.
 */

/**
 * Milliseconds, and chunks, a body is read before the event loop turns (see readBody). Both: a body of
 * a few chunks read while the other routes kept the microtasks busy for 10 ms would turn it too, and
 * wait in the event loop until every other route waits there as well; with routes whose bodies are
 * always read in microtasks that was the whole crawl level (90,000 results held behind it, a crawl
 * of 300,000 HTML pages: bench/RESULTS.md).
 */
const yieldEveryMs = 10;
const yieldEveryChunks = 64;

/** What one body may take: the clock time reading must end by, and the bytes it may hold. */
export interface BodyBounds {
  /** `performance.now()` past which the body fails as too slow. */
  deadline: number;
  /** The route's `prerender.timeout` in ms, for the message. */
  timeout: number;
  /** `prerender.maxBodySize` in bytes. */
  maxBytes: number;
}

/** A body that broke a bound; `timedOut` when it ran past the timeout (which a retry may cure). */
export class BodyBoundError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** A body still streaming at `prerender.timeout`. */
export const bodyTimedOut = (timeout: number): BodyBoundError =>
  new BodyBoundError(`its body did not end within ${timeout} ms (prerender.timeout)`, true);

const bodyTooLarge = (maxBytes: number): BodyBoundError =>
  new BodyBoundError(`its body passed ${maxBytes} bytes (prerender.maxBodySize); raise the limit if the file should be this large`, false);

/** The body under way, for the caller's own timer to cancel. */
export interface BodyReading {
  reader?: ReadableStreamDefaultReader<Uint8Array | string>;
}

/**
 * Reads `body` whole within `bounds`; throws {@link BodyBoundError}, cancelling the stream (which
 * destroys a Node stream it was made from), when it breaks one. A string or bytes come back as they
 * are, at once; only a stream is read in a promise.
 */
export function readBody(body: string | Uint8Array | ReadableStream<Uint8Array | string> | null, bounds: BodyBounds, reading: BodyReading = {}): Uint8Array | Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  if (typeof body === 'string') {
    const bytes = Buffer.from(body);
    if (bytes.byteLength > bounds.maxBytes) throw bodyTooLarge(bounds.maxBytes);
    return bytes;
  }
  if (body instanceof Uint8Array) {
    if (body.byteLength > bounds.maxBytes) throw bodyTooLarge(bounds.maxBytes);
    return body;
  }
  return readStream(body, bounds, reading);
}

async function readStream(body: ReadableStream<Uint8Array | string>, bounds: BodyBounds, reading: BodyReading): Promise<Uint8Array> {
  const reader = body.getReader();
  reading.reader = reader;
  const chunks = createChunks();
  let size = 0;
  let turned = performance.now();
  let chunksSince = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A stream that is always ready would keep this loop in microtasks, and the other routes (their
      // timers, their streams) would wait for it: it lets them run every few milliseconds.
      if (++chunksSince >= yieldEveryChunks && performance.now() - turned > yieldEveryMs) {
        await new Promise(setImmediate);
        turned = performance.now();
        chunksSince = 0;
      }
      // A Node stream of strings (a handler's generator) reaches here as strings; the server sends them as UTF-8.
      const chunk = typeof value === 'string' ? Buffer.from(value) : value;
      size += chunk.byteLength;
      if (size > bounds.maxBytes) throw bodyTooLarge(bounds.maxBytes);
      if (performance.now() > bounds.deadline) throw bodyTimedOut(bounds.timeout);
      chunks.add(chunk);
    }
  } catch (error) {
    cancelSoon(reader, error);
    throw error;
  }
  return chunks.whole(size);
}

/**
 * Chunks smaller than this are joined, {@link joinEvery} at a time, as they come: each chunk is an
 * object of ~100 bytes, so a stream of 5-byte chunks held twenty times its size in them (a 10 MB body
 * took 200 MB) and `prerender.maxBodySize` would not bound the memory it takes.
 */
const smallChunk = 4096;
const joinEvery = 1024;

/** A body's chunks so far, its small ones joined (see {@link smallChunk}). */
function createChunks() {
  const blocks: Uint8Array[] = [];
  let small: Uint8Array[] = [];
  const join = () => {
    if (small.length > 0) blocks.push(small.length === 1 ? small[0] : Buffer.concat(small));
    small = [];
  };
  return {
    add(chunk: Uint8Array) {
      if (chunk.byteLength < smallChunk) {
        if (small.push(chunk) === joinEvery) join();
        return;
      }
      join();
      blocks.push(chunk);
    },
    whole(size: number): Uint8Array {
      join();
      return blocks.length === 1 ? blocks[0] : Buffer.concat(blocks, size);
    },
  };
}

/**
 * Cancels `reader` once the event loop has turned. A stream made by Node's `Readable.toWeb` that was
 * just read has scheduled its Node stream's resume for the next tick; cancelled before that runs,
 * the resumed stream still hands its adapter a chunk, which throws an uncaught ERR_INVALID_STATE
 * ("Controller is already closed") that ends the process (nodejs/node#64529, no way to guard it
 * from outside). After the turn, the stream has paused again and its cancel is clean.
 */
export function cancelSoon(reader: ReadableStreamDefaultReader<unknown>, reason: unknown): void {
  setImmediate(() => reader.cancel(reason).catch(() => {}));
}
