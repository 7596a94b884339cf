/**
 * A thread of the compression pool (compress-pool.ts). It takes batches of files and, for each, writes
 * a copy in every coding asked for beside it (`x.json.br`) when the copy is smaller, answering with
 * the sizes of the copies written. Synchronous calls: each thread does one file at a time anyway.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { encodingSuffixes, type EncodedSizes, type Encoding } from '../runtime/encodings.ts';
import { minCompressBytes } from './compressible.ts';
import { encode } from './encode.ts';

/** One file to compress: its absolute path and the codings to write copies in. */
export interface CompressJob {
  path: string;
  encodings: readonly Encoding[];
}

/** What was done for one file: its bytes, and the bytes of each copy written. */
export interface Compressed {
  bytes: number;
  copies: EncodedSizes;
}

/** The answer to a batch: what was done for each file, in order, or the file that failed. */
export type CompressAck = { done: Compressed[] } | { failed: { file: string; message: string; code?: string } };

/** Writes the copies of the file `job` names, each only when smaller than the file; none below {@link minCompressBytes}. */
export function compressFile(job: CompressJob): Compressed {
  const body = readFileSync(job.path);
  const copies: EncodedSizes = {};
  if (body.byteLength < minCompressBytes) return { bytes: body.byteLength, copies };
  for (const encoding of job.encodings) {
    const copy = encode(body, encoding);
    if (copy.byteLength >= body.byteLength) continue;
    writeFileSync(job.path + encodingSuffixes[encoding], copy);
    copies[encoding] = copy.byteLength;
  }
  return { bytes: body.byteLength, copies };
}

parentPort?.on('message', (jobs: CompressJob[]) => {
  const done: Compressed[] = [];
  for (const job of jobs) {
    try {
      done.push(compressFile(job));
    } catch (error) {
      // The copy that could not be written, or the file that could not be read.
      const { message, code, path = job.path } = error as NodeJS.ErrnoException;
      return parentPort!.postMessage({ failed: { file: path, message, code } } satisfies CompressAck);
    }
  }
  parentPort!.postMessage({ done } satisfies CompressAck);
});
