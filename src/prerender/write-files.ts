import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { errors, PrerenderError } from '../errors.ts';

/** Writes route bodies under one folder, creating each folder once. */
export type FileWriter = (file: string, body: Uint8Array) => Promise<void>;

/**
 * A writer for files under `publicDir`. Every path is checked to resolve inside the folder (compared
 * with a trailing separator) before anything is written; failures name the path.
 */
export function createFileWriter(publicDir: string): FileWriter {
  const root = resolve(publicDir) + sep;
  const made = new Set<string>();
  return async (file, body) => {
    const target = resolve(root, file);
    if (!target.startsWith(root)) throw errors.outputClash(`The file ${file} would be written outside public/.`);
    try {
      const folder = dirname(target);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(target, body);
    } catch (error) {
      if (error instanceof PrerenderError) throw error;
      throw errors.output(target, error);
    }
  };
}
