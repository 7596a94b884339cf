/** One file's precompressed copies, written beside it: what a compression thread (or the main thread) does per file. */
import { readFileSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
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

/**
 * Writes the copies of the file `job` names, each only when smaller than the file (none below
 * {@link minCompressBytes}), with the file's times.
 */
export function compressFile(job: CompressJob): Compressed {
  const body = readFileSync(job.path);
  const copies: EncodedSizes = {};
  if (body.byteLength < minCompressBytes) return { bytes: body.byteLength, copies };
  let times: Stats | undefined;
  for (const encoding of job.encodings) {
    const copy = encode(body, encoding);
    if (copy.byteLength >= body.byteLength) continue;
    const path = job.path + encodingSuffixes[encoding];
    writeFileSync(path, copy);
    // The file's time: a copy's Last-Modified is its file's, and its ETag (size and time) stays
    // the same from build to build while the file is reused from the cache.
    times ??= statSync(job.path);
    utimesSync(path, times.atimeMs / 1000, times.mtimeMs / 1000);
    copies[encoding] = copy.byteLength;
  }
  return { bytes: body.byteLength, copies };
}

/** A failure as it crosses to the main thread: the copy that could not be written, or the file that could not be read. */
export interface CompressFailure {
  file: string;
  message: string;
  code?: string;
}

/** `error`, thrown by {@link compressFile} for `job`, as a {@link CompressFailure}. */
export function compressFailure(job: CompressJob, error: unknown): CompressFailure {
  const { message, code, path = job.path } = error as NodeJS.ErrnoException;
  return { file: path, message, code };
}
