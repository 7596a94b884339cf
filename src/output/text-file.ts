import { appendFileSync, writeFileSync } from 'node:fs';
import { errors } from '../errors.ts';

/** Text is handed to the file in pieces of about this many characters, never as one string. */
const pieceSize = 64 * 1024;

/** A text file written piece by piece. */
export interface TextFile {
  write(text: string): void;
  /** Writes what is left; the file is complete. */
  end(): void;
}

/**
 * Creates (or empties) `path` and appends text to it in pieces of ~64 kB, so that a report of a
 * million routes is never one string. Each piece opens and closes the file: no descriptor is left
 * open when the build fails half-way (one would keep Windows from removing the staging folder).
 * `append`: adds to the file as it is (made when it is missing) instead of emptying it.
 */
export function createTextFile(path: string, { append = false } = {}): TextFile {
  let pending = '';
  const put = (text: string, append: boolean) => {
    try {
      if (append) appendFileSync(path, text);
      else writeFileSync(path, text);
    } catch (error) {
      throw errors.output(path, error);
    }
  };
  put('', append);
  return {
    write(text) {
      pending += text;
      if (pending.length < pieceSize) return;
      put(pending, true);
      pending = '';
    },
    end() {
      put(pending, true);
      pending = '';
    },
  };
}
