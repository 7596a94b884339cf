/** A text file's lines, read a piece at a time so that no file is whole in memory. */
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** Bytes read at a time. */
const chunkSize = 64 * 1024;

/** The lines of the open file `fd` from its start, read in pieces. */
export function* readLines(fd: number): Generator<string> {
  const buffer = Buffer.allocUnsafe(chunkSize);
  // A character may be cut between two pieces: the decoder holds its first bytes for the next.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let position = 0;
  for (let read; (read = readSync(fd, buffer, 0, buffer.length, position)) > 0; position += read) {
    const text = rest + decoder.write(buffer.subarray(0, read));
    const lines = text.split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}
