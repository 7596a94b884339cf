/** The output folder itself: made for a build, and removed again when that build made it and failed. */
import { existsSync, rmdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errors } from '../errors.ts';
import { isInside } from '../runtime/inside.ts';

/**
 * Creates `outDir` and returns the first folder it made (none when it was there); a file where it or
 * `<outDir>/<name>` should be is a clear error, not EEXIST.
 */
export async function makeOutDir(outDir: string, final: string): Promise<string | undefined> {
  let made: string | undefined;
  try {
    made = await mkdir(outDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw errors.notAFolder(outDir, 'outDir');
    throw errors.output(outDir, error);
  }
  if (existsSync(final) && !statSync(final).isDirectory()) throw errors.notAFolder(final, 'name');
  return made;
}

/** Removes `folder` and the folders above it up to `made` (the first a build made), each only if empty. */
export function removeEmptyFolders(folder: string, made: string | undefined): void {
  if (made === undefined) return;
  for (let current = folder; isInside(current, made); current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch {
      // Not empty (another build's output, a file of the user's) or gone: it stays.
      return;
    }
    if (current === made) return;
  }
}
