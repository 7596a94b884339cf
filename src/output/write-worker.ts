/**
 * The thread that writes prerendered files, started by write-files.ts. It takes batches of absolute
 * paths and bodies and writes them in order with synchronous calls, creating each folder once.
 * Synchronous calls here skip the thread-pool round trips (open, write, close) that Node's async
 * writes make for every small file, and the main thread renders the next routes meanwhile.
 * It also measures the gzip size of the bodies the sender asks it to, for the build report, here
 * rather than on the main thread, which renders the routes and is the prerender's critical path.
 * With the cache on, it links each written body into the cache, and links the stored bodies of
 * reused routes into the output (cache/body-store.ts): the files of a large site are never copied,
 * except where the cache is on another device (then a stored body is the bytes written again).
 * A body the cache cannot take (its disk full, not writable) fails no route: the output is whole, so
 * the thread says so once (WriteAck's `notStored`) and stores no more, and the build keeps the last cache.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { constants, gzipSync } from 'node:zlib';
import { reuseBody, storeBody, type Linking } from '../cache/body-store.ts';
import { writeStamped } from './write-all.ts';

/** Files to write, in order: `files[i]` (absolute) gets `bodies[i]`, whose gzip size is measured when `measure[i]`. */
export interface WriteBatch {
  files: string[];
  /** `null`: `files[i]` is the stored body `stores[i]`, linked in (a route the cache reused). */
  bodies: (Uint8Array | null)[];
  measure: boolean[];
  /** Where the cache keeps `files[i]`'s body (a route rendered with the cache on); `null`: nowhere. */
  stores: (string | null)[];
  /** The modification time (ms) of the bodies the cache keeps (body-store.ts). */
  stamp: number;
}

/** A file system error as it crosses to the main thread: what failed, on which path. */
export interface WriteFailure {
  file: string;
  message: string;
  code?: string;
}

/**
 * The answer to one batch: written, with each file's gzip size in `gzipBytes` (in the batch's
 * order; 0 for a body not measured), or the file that could not be (later batches are skipped).
 * `notStored`: the first body the cache could not take (`file`: where the cache keeps it), said once.
 */
export type WriteAck = { written: number; gzipBytes: Uint32Array; notStored?: WriteFailure } | { failed: WriteFailure };

/**
 * Folders made, so each is made once; emptied when full: a site with a folder per route
 * (`docs/<slug>/index.html`) would otherwise keep every folder's path (~100 MB at a million routes),
 * and a folder made again is one `mkdir` that finds it there.
 */
const made = new Set<string>();
const madeKept = 4096;
let failed = false;
/** Whether the cache could not take a body: the build will not save its cache, so no more are stored. */
let storing = true;
/** Whether bodies link between the output and the cache (this thread writes for one build). */
const linking: Linking = { works: true };

/**
 * The body's size once gzipped at level 6, zlib's default: what `gzip` and most servers give, which a
 * user can check. The output buffer fits the body: zlib's default of 16 kB, allocated for every
 * call, took 40% of the time for small bodies; the bytes are the same.
 */
function gzippedSize(body: Uint8Array): number {
  const chunkSize = Math.min(constants.Z_DEFAULT_CHUNK, Math.max(constants.Z_MIN_CHUNK, 2 ** Math.ceil(Math.log2(body.byteLength + 64))));
  return gzipSync(body, { chunkSize }).byteLength;
}

parentPort?.on('message', ({ files, bodies, measure, stores, stamp }: WriteBatch) => {
  // After a failure the build is lost: skip the rest, but answer every batch so the sender can finish.
  if (failed) return parentPort!.postMessage({ written: 0, gzipBytes: new Uint32Array(0) } satisfies WriteAck);
  const gzipBytes = new Uint32Array(files.length);
  let notStored: WriteFailure | undefined;
  for (let i = 0; i < files.length; i++) {
    try {
      const folder = dirname(files[i]);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        if (made.size >= madeKept) made.clear();
        made.add(folder);
      }
      const body = bodies[i];
      const store = stores[i];
      if (body === null) reuseBody(store!, files[i], stamp, linking);
      else if (store === null) writeFileSync(files[i], body);
      else {
        writeStamped(files[i], body, stamp);
        if (storing) notStored = storeInCache(files[i], body, store, stamp);
      }
      if (measure[i]) gzipBytes[i] = gzippedSize(body ?? readFileSync(files[i]));
    } catch (error) {
      failed = true;
      return parentPort!.postMessage({ failed: failureOf(files[i], error) } satisfies WriteAck);
    }
  }
  parentPort!.postMessage({ written: files.length, gzipBytes, notStored } satisfies WriteAck, [gzipBytes.buffer]);
});

/** Stores the written body `file` (`body`) in the cache as `store`; the failure, the first time the cache cannot take it. */
function storeInCache(file: string, body: Uint8Array, store: string, stamp: number): WriteFailure | undefined {
  try {
    storeBody(file, store, stamp, linking, body);
    return undefined;
  } catch (error) {
    storing = false;
    return failureOf(store, error);
  }
}

function failureOf(file: string, error: unknown): WriteFailure {
  const { message, code } = error as NodeJS.ErrnoException;
  return { file, message, code };
}
