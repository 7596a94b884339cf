import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { errors } from '../errors.ts';
import { libDir } from '../paths.ts';
import { pathInside } from '../runtime/inside.ts';
import type { WriteAck, WriteBatch, WriteFailure } from './write-worker.ts';

/**
 * Writes route bodies under one folder. A call queues the file and gives the file's number (its
 * place, from 0, among the files given) once the queue has room, not once the file is on disk: at
 * once, or in a promise when the queue is full.
 * `close()` waits for every queued file, and throws the first write that failed. A call after a
 * failure rejects with that failure.
 */
export interface FileWriter {
  /**
   * `contentType`: the body's type, which decides whether its gzip size is measured
   * (FileWriterOptions.measure); with `store`, the cache keeps the body there too (write-worker.ts).
   */
  (file: string, body: Uint8Array, contentType: string, store?: string): number | Promise<number>;
  /** Queues `file` as the cache's stored body `stored` (a reused route's output, of `bytes` bytes), linked, not copied. */
  reuse(file: string, stored: string, contentType: string, bytes: number): number | Promise<number>;
  /**
   * Starts the writer thread now rather than at the first file; resolves once it runs. Idle, the
   * thread keeps no process alive.
   */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link createFileWriter}. */
export interface FileWriterOptions {
  /**
   * Told the gzip size (level 6) of the files written, as the writer thread measured them: a batch
   * at a time, in the files' order (the first number is file 0's, and so on), for the build report;
   * 0 for a file not measured.
   */
  onMeasured?: (gzipBytes: Uint32Array) => void;
  /** Which files' gzip size is measured, by their type and size. @default none */
  measure?: (contentType: string, bytes: number) => boolean;
  /** The modification time (ms) of the bodies the cache keeps (cache/body-store.ts). @default 0 */
  stamp?: number;
  /**
   * Told once when the cache could not take a body (`stored`: where the cache keeps it; `error`,
   * with its `code`): the file is written all the same, and no more bodies are stored (write-worker.ts).
   */
  onNotStored?: (stored: string, error: NodeJS.ErrnoException) => void;
  /** The writer thread, started ahead ({@link startWriterThread}). @default one started at the first file */
  thread?: WriterThread;
}

/** A writer thread started before its writer is made: when it runs, and why it stopped if it did before. */
export interface WriterThread {
  worker: Worker;
  online: Promise<void>;
  stopped?: Error;
  /** Whether a writer took it: from then on the writer says when it is idle (unref). */
  taken?: boolean;
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
 * is queued. The files are written in order on one worker thread, started at the first file (or
 * given, started ahead); failures name the path.
 */
export function createFileWriter(publicDir: string, options: FileWriterOptions = {}): FileWriter {
  const root = resolve(publicDir);
  let thread: Worker | undefined;
  const newBatch = (): WriteBatch => ({ files: [], bodies: [], measure: [], stores: [], stamp: options.stamp ?? 0 });
  let batch = newBatch();
  let batchBytes = 0;
  let given = 0;
  let queued = 0;
  let scheduled = false;
  let failure: Error | undefined;
  let online: Promise<void> | undefined;
  const wakers: (() => void)[] = [];
  const settle = () => new Promise<void>((wake) => wakers.push(wake));
  const wakeAll = () => {
    for (const wake of wakers.splice(0)) wake();
  };

  const startThread = () => {
    const started = options.thread ?? startWriterThread();
    const { worker } = started;
    online ??= started.online;
    worker.on('message', (ack: WriteAck) => {
      // Idle, the thread does not keep the process alive, so a writer nobody closed cannot hang it.
      if (--queued === 0) worker.unref();
      if ('failed' in ack) failure ??= errors.output(ack.failed.file, errorOf(ack.failed));
      else {
        if (ack.notStored) options.onNotStored?.(ack.notStored.file, errorOf(ack.notStored));
        if (ack.written > 0) options.onMeasured?.(ack.gzipBytes);
      }
      wakeAll();
    });
    // The thread itself died (it could not load, or ran out of memory): nothing queued will be written.
    const lost = (error: unknown) => {
      failure ??= errors.output(root, error);
      queued = 0;
      wakeAll();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => queued > 0 && lost(stoppedWith(code)));
    if (started.stopped) lost(started.stopped);
    started.taken = true;
    // Running and idle, it lets the process end (a build that fails before writing never closes it).
    void started.online.then(() => queued === 0 && worker.unref());
    return worker;
  };

  const send = () => {
    scheduled = false;
    if (batch.files.length === 0 || failure) return;
    thread ??= startThread();
    // It had stopped before this writer was made.
    if (failure) return;
    thread.ref();
    thread.postMessage(batch);
    queued++;
    batch = newBatch();
    batchBytes = 0;
  };

  const queue = (file: string, body: Uint8Array | null, contentType: string, bytes: number, store: string | undefined): number | Promise<number> => {
    if (failure) return Promise.reject(failure);
    const target = pathInside(root, file);
    if (target === undefined) return Promise.reject(errors.outputClash(`The file ${file} would be written outside public/.`));
    batch.files.push(target);
    batch.bodies.push(body);
    batch.measure.push(options.measure?.(contentType, bytes) ?? false);
    batch.stores.push(store ?? null);
    const index = given++;
    batchBytes += body?.byteLength ?? 0;
    if (batch.files.length >= limits.files || batchBytes >= limits.bytes) send();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(send);
    }
    return queued > limits.queued ? whenRoom(index) : index;
  };
  const whenRoom = async (index: number) => {
    while (queued > limits.queued && !failure) await settle();
    if (failure) throw failure;
    return index;
  };

  const write = (file: string, body: Uint8Array, contentType: string, store?: string) => queue(file, body, contentType, body.byteLength, store);
  write.start = () => {
    thread ??= startThread();
    return online!;
  };
  write.reuse = (file: string, stored: string, contentType: string, bytes: number) => queue(file, null, contentType, bytes, stored);
  write.close = async () => {
    send();
    while (queued > 0) await settle();
    // Held while it ends (idle, it lets the process go before it has).
    thread?.ref();
    await thread?.terminate();
    thread = undefined;
    if (failure) throw failure;
  };
  return write;
}

/**
 * Starts a writer thread, to hand to {@link createFileWriter} later (its `thread`): it boots while
 * the build does something else.
 */
export function startWriterThread(): WriterThread {
  // No inherited flags: the writer needs none, and some (--input-type, profilers) break or slow a worker.
  // A small young generation: the thread only holds the batches in flight (~20 MB less RSS).
  const worker = new Worker(workerFile, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 2 } });
  // A thread that cannot start fails the first write, as one started at the first file does.
  const thread: WriterThread = { worker, online: new Promise<void>((resolve) => worker.once('online', resolve).once('error', () => resolve())) };
  worker.once('error', (error) => (thread.stopped ??= error));
  worker.once('exit', (code) => (thread.stopped ??= stoppedWith(code)));
  // Running and idle, it lets the process end (a build that fails before its prerender terminates it).
  void thread.online.then(() => thread.taken || worker.unref());
  return thread;
}

/**
 * Ends a thread started ahead that no writer took (the build failed first). Held while it ends, and
 * marked so that its coming online meanwhile does not let go of it: with nothing else to wait for,
 * Node would exit before the thread did, as if the build's code had called process.exit(0).
 */
export async function endWriterThread(thread: WriterThread): Promise<void> {
  thread.taken = true;
  thread.worker.ref();
  await thread.worker.terminate();
}

/** The writer thread's failure as an error again, its `code` kept (ENOSPC, EACCES...). */
const errorOf = ({ message, code }: WriteFailure): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

const stoppedWith = (code: number) => new Error(`the writer thread stopped (exit code ${code})`);
