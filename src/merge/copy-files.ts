import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { errors } from '../errors.ts';

/** One file to copy: absolute `from` and `to`. */
export interface CopyPair {
  from: string;
  to: string;
}

/**
 * Copies files, creating each folder once. Synchronous copies (one system call each, no thread-pool
 * round trip) are several times faster for many small files; the event loop gets a turn every
 * thousand files. A failure names the file.
 */
export async function copyFiles(pairs: Iterable<CopyPair>): Promise<number> {
  const made = new Set<string>();
  let copied = 0;
  for (const { from, to } of pairs) {
    try {
      const folder = dirname(to);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      copyFileSync(from, to);
    } catch (error) {
      throw errors.output(to, error);
    }
    if (++copied % 1000 === 0) await nextTurn();
  }
  return copied;
}
