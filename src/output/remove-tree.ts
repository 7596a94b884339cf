import { readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes a folder tree, or a file (nothing when it is not there). Synchronously on purpose: fs.promises.rm
 * starts work for every entry at once, which held ~115 MB more at the peak when replacing a
 * 100,000-file output; the synchronous walk holds one folder at a time, and the build has nothing
 * else to do meanwhile.
 *
 * Where `rmSync` fails, the tree is removed again one folder at a time, needing one file descriptor:
 * Node 24 and later's `rmSync` keeps one open per level of the tree and, out of them (a low
 * `ulimit -n`, when a build fails for that very reason), fails with an error without a code
 * (measured on 24.21 and 26.10). What fails the second way too is thrown.
 */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    removeFolderByFolder(path);
  }
}

function removeFolderByFolder(path: string): void {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') return unlinkSync(path);
    throw error;
  }
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) removeFolderByFolder(child);
    else unlinkSync(child);
  }
  rmdirSync(path);
}
