/**
 * The threads that write precompressed copies. Compressing is CPU work (brotli at quality 6 takes
 * ~0.08 ms for a 2.5 kB JSON file, 10 ms for 1 MB of script), which on the main thread would stall
 * the build; a thread per core (up to {@link maxThreads}) compresses files side by side while the
 * main thread only reads the manifest. Threads start when files arrive: a site whose files are all
 * small starts one, for its sitemap, or none.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { errors } from '../errors.ts';
import { libDir } from '../paths.ts';
import type { CompressAck, CompressJob, Compressed } from './compress-worker.ts';

/** The thread's module, always the compiled one (as the writer thread's is): see paths.ts. */
const workerFile = join(libDir, 'compress', 'compress-worker.js');

/** Past four threads the disk, not the CPU, sets the pace for files this small. */
const maxThreads = 4;

/** Files a thread is handed at once: one message per file would cost more than compressing a small one. */
const batchFiles = 32;

/** Files being compressed, in order. */
export interface CompressPool {
  /** Compresses the file `job` names; resolves with the copies written, rejects with an OUTPUT error naming the file. */
  compress(job: CompressJob): Promise<Compressed>;
  /**
   * Ends the threads; files still queued or under way are not compressed, and reject with `reason`
   * when one is given (the build was stopped). Safe twice.
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
  let scheduled = false;
  let failure: { error: unknown } | undefined;

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
        fail(errors.output(ack.failed.file, Object.assign(new Error(ack.failed.message), { code: ack.failed.code })));
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

  const pump = () => {
    scheduled = false;
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
    async close(reason) {
      if (reason !== undefined) fail(reason);
      const workers = [...idle.splice(0), ...running.keys()];
      running.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
