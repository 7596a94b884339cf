/**
 * A thread of the compression pool (compress-pool.ts): it takes batches of files and writes each
 * one's copies (compress-file.ts), answering with what it wrote. Synchronous calls: each thread does
 * one file at a time anyway.
 */
import { parentPort } from 'node:worker_threads';
import { compressFailure, compressFile, type CompressFailure, type Compressed, type CompressJob } from './compress-file.ts';

/** The answer to a batch: what was done for each file, in order, or the file that failed. */
export type CompressAck = { done: Compressed[] } | { failed: CompressFailure };

parentPort?.on('message', (jobs: CompressJob[]) => {
  const done: Compressed[] = [];
  for (const job of jobs) {
    try {
      done.push(compressFile(job));
    } catch (error) {
      return parentPort!.postMessage({ failed: compressFailure(job, error) } satisfies CompressAck);
    }
  }
  parentPort!.postMessage({ done } satisfies CompressAck);
});
