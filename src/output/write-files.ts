import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { errors } from '../errors.ts';
import { libDir } from '../paths.ts';
import { isInside } from '../runtime/inside.ts';
import type { WriteAck, WriteBatch } from './write-worker.ts';

/** What the writer thread measured of a file it wrote, for the build report. */
export interface WrittenFile {
  /** The body's size once gzipped (level 6). */
  gzipBytes: number;
  /** The body's CRC-32: with its size, how the next build tells the file changed. */
  crc32: number;
}

/**
 * Writes route bodies under one folder. A call queues the file and resolves once the queue has room
 * (not once the file is on disk); `onWritten` is called once it is written. `close()` waits for every
 * queued file, and throws the first write that failed. A call after a failure rejects with that failure.
 */
export interface FileWriter {
  (file: string, body: Uint8Array, onWritten?: (written: WrittenFile) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The writer thread, always the compiled one (as the bundle's runtime is): see paths.ts. Why a thread:
 * the main thread renders the next routes while it writes. Measured on the bench's catalogue at
 * 100,000 routes (`--no-typecheck`, cost over a 0-route build, three alternating rounds, Node 20, a
 * shared machine): 11.8-15.3 s with this thread, 13.7-30.3 s with the same synchronous writes on the
 * main thread; CPU of the process 8.0-13.0 s against 10.4-19.2 s, of its main thread 2.7 s against
 * 16.8-17.1 s.
 */
const workerFile = join(libDir, 'output', 'write-worker.js');

/**
 * A batch goes to the writer thread at this many files or bytes, whichever comes first, or when the
 * main thread next turns its event loop (batches of 64 to 1,024 files measured the same); at most
 * `queued` batches wait for the disk before writers wait too, which bounds the bodies held in memory.
 */
const limits = { files: 256, bytes: 4 * 1024 * 1024, queued: 4 };

/**
 * A writer for files under `publicDir`, each path checked to resolve inside it (isInside) before it
 * is queued. The files are written in order on one worker thread, started at the first file;
 * failures name the path.
 */
export function createFileWriter(publicDir: string): FileWriter {
  const root = resolve(publicDir);
  let thread: Worker | undefined;
  let batch: WriteBatch = { files: [], bodies: [] };
  let batchBytes = 0;
  // The `onWritten` of each file of the current batch, then of each batch sent, in order: the thread
  // answers batches in the order it gets them.
  let callbacks: (((written: WrittenFile) => void) | undefined)[] = [];
  const sent: (typeof callbacks)[] = [];
  let queued = 0;
  let scheduled = false;
  let failure: Error | undefined;
  const wakers: (() => void)[] = [];
  const settle = () => new Promise<void>((wake) => wakers.push(wake));
  const wakeAll = () => {
    for (const wake of wakers.splice(0)) wake();
  };

  const startThread = () => {
    // No inherited flags: the writer needs none, and some (--input-type, profilers) break or slow a worker.
    // A small young generation: the thread only holds the batches in flight (~20 MB less RSS).
    const worker = new Worker(workerFile, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    worker.on('message', (ack: WriteAck) => {
      // Idle, the thread does not keep the process alive, so a writer nobody closed cannot hang it.
      if (--queued === 0) worker.unref();
      const told = sent.shift() ?? [];
      if ('failed' in ack) failure ??= errors.output(ack.failed.file, Object.assign(new Error(ack.failed.message), { code: ack.failed.code }));
      else for (let i = 0; i < ack.written; i++) told[i]?.({ gzipBytes: ack.measured[i * 2], crc32: ack.measured[i * 2 + 1] });
      wakeAll();
    });
    // The thread itself died (it could not load, or ran out of memory): nothing queued will be written.
    const lost = (error: unknown) => {
      failure ??= errors.output(root, error);
      queued = 0;
      sent.length = 0;
      wakeAll();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => queued > 0 && lost(new Error(`the writer thread stopped (exit code ${code})`)));
    return worker;
  };

  const send = () => {
    scheduled = false;
    if (batch.files.length === 0 || failure) return;
    thread ??= startThread();
    thread.ref();
    thread.postMessage(batch);
    sent.push(callbacks);
    queued++;
    batch = { files: [], bodies: [] };
    callbacks = [];
    batchBytes = 0;
  };

  const write = async (file: string, body: Uint8Array, onWritten?: (written: WrittenFile) => void) => {
    if (failure) throw failure;
    const target = resolve(root, file);
    if (target === root || !isInside(target, root)) throw errors.outputClash(`The file ${file} would be written outside public/.`);
    batch.files.push(target);
    batch.bodies.push(body);
    callbacks.push(onWritten);
    batchBytes += body.byteLength;
    if (batch.files.length >= limits.files || batchBytes >= limits.bytes) send();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(send);
    }
    while (queued > limits.queued && !failure) await settle();
    if (failure) throw failure;
  };

  write.close = async () => {
    send();
    while (queued > 0) await settle();
    await thread?.terminate();
    thread = undefined;
    if (failure) throw failure;
  };
  return write;
}
