/**
 * Where precompressed copies are written. Compressing is CPU work (brotli at quality 6 takes ~0.08 ms
 * for a 2.5 kB JSON file, 10 ms for 1 MB of script), so files are compressed side by side on a thread
 * per core (up to {@link maxThreads}) while the main thread reads the manifest. The first few files
 * are compressed on the main thread, which has nothing else to do by then: a thread took 90 to 130 ms
 * to start and answer (measured for 2 files; 13 to 21 ms on the main thread), longer than a small
 * site's few files take, so a site with no more than {@link hereFiles} files to compress starts none.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { errors } from '../errors.ts';
import { libDir } from '../paths.ts';
import { compressFailure, compressFile, type CompressJob, type Compressed } from './compress-file.ts';
import type { CompressAck } from './compress-worker.ts';

/** The thread's module, always the compiled one (as the writer thread's is): see paths.ts. */
const workerFile = join(libDir, 'compress', 'compress-worker.js');

/** A cap, so that a many-core machine starts no dozens of threads for a step this short. */
const maxThreads = 4;

/** Files compressed on the main thread before any thread starts. */
const hereFiles = 8;

/** Files a thread is handed at once: one message per file would cost more than compressing a small one. */
const batchFiles = 32;

/** Files being compressed, in order. */
export interface CompressPool {
  /** Compresses the file `job` names; resolves with the copies written, rejects with an OUTPUT error naming the file. */
  compress(job: CompressJob): Promise<Compressed>;
  /**
   * Ends the threads; files still queued are not compressed, and with `reason` (the build was
   * stopped) they and those under way reject with it. A thread is ended once the batch it is
   * compressing is done (milliseconds), never inside it: see {@link endBetweenBatches}. Safe twice.
   */
  close(reason?: unknown): Promise<void>;
}

interface Queued {
  job: CompressJob;
  resolve: (done: Compressed) => void;
  reject: (error: unknown) => void;
}

/** A pool of at most `threads` threads, started as files arrive. */
export function createCompressPool(threads = Math.min(availableParallelism(), maxThreads)): CompressPool {
  const queue: Queued[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Queued[]>();
  let started = 0;
  let here = 0;
  let scheduled = false;
  let failure: { error: unknown } | undefined;
  let closing: Promise<void> | undefined;

  const fail = (error: unknown) => {
    failure ??= { error };
    for (const batch of running.values()) for (const item of batch.splice(0)) item.reject(failure.error);
    for (const item of queue.splice(0)) item.reject(failure.error);
  };

  const start = () => {
    // No inherited flags, as for the writer thread: some (--input-type, profilers) break or slow a worker.
    const worker = new Worker(workerFile, { execArgv: [] });
    started++;
    worker.on('message', (ack: CompressAck) => {
      const batch = running.get(worker) ?? [];
      running.delete(worker);
      if ('failed' in ack) {
        const { file, message, code } = ack.failed;
        fail(errors.output(file, Object.assign(new Error(message), { code })));
        for (const item of batch) item.reject(failure!.error);
        return;
      }
      batch.forEach((item, i) => item.resolve(ack.done[i]));
      idle.push(worker);
      pump();
    });
    // The thread itself died (it could not load, or ran out of memory): nothing it held is written.
    worker.on('error', (error) => fail(errors.output(workerFile, error)));
    worker.on('exit', (code) => running.has(worker) && fail(errors.output(workerFile, new Error(`a compression thread stopped (exit code ${code})`))));
    return worker;
  };

  /** Compresses `batch` on this thread; a failure rejects the rest of it too. */
  const compressHere = (batch: Queued[]) => {
    for (const [i, item] of batch.entries()) {
      try {
        item.resolve(compressFile(item.job));
      } catch (error) {
        const { file, message, code } = compressFailure(item.job, error);
        fail(errors.output(file, Object.assign(new Error(message), { code })));
        for (const rest of batch.slice(i)) rest.reject(failure!.error);
        return;
      }
    }
  };

  const pump = () => {
    scheduled = false;
    if (here < hereFiles && started === 0 && queue.length > 0) {
      const batch = queue.splice(0, hereFiles - here);
      here += batch.length;
      compressHere(batch);
    }
    while (queue.length > 0 && !failure) {
      const worker = idle.pop() ?? (started < threads ? start() : undefined);
      if (!worker) return;
      const batch = queue.splice(0, batchFiles);
      running.set(worker, batch);
      worker.postMessage(batch.map((item) => item.job));
    }
  };

  return {
    compress(job) {
      if (failure) return Promise.reject(failure.error);
      return new Promise<Compressed>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        // Files queued in one turn of the event loop go out together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    close(reason) {
      if (reason !== undefined) fail(reason);
      // Every call waits for the threads the first one ends: a build's cleanup closing the pool after
      // its abort did must not go on while a thread still writes.
      closing ??= (async () => {
        const busy = [...running.keys()];
        running.clear();
        await Promise.all([...idle.splice(0).map((worker) => worker.terminate()), ...busy.map(endBetweenBatches)]);
      })();
      return closing;
    },
  };
}

/**
 * Ends `worker` once it answers the batch it is compressing. Ended inside one, in zlib's
 * brotliCompressSync between making its handle and initialising it, Node (24.22) aborts the whole
 * process as the thread is torn down (node_zlib.cc: `init_done_ && "close before init"`), seen once
 * in this project's CI; and a copy half written would be left beside its file.
 */
async function endBetweenBatches(worker: Worker): Promise<void> {
  await new Promise<void>((done) => worker.once('message', () => done()).once('exit', () => done()).once('error', () => done()));
  await worker.terminate();
}
