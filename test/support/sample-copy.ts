/** A copy of sample-site (without its dist/) in a temporary folder, which the server tests may edit and build. */
import { cpSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { repoRoot, tempDir } from './helpers.ts';

/** Copies sample-site and returns the copy's root. */
export function copySampleSite(prefix = 'sample-copy-'): string {
  const source = join(repoRoot, 'sample-site');
  const root = join(tempDir(prefix), 'sample-site');
  cpSync(source, root, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('dist') });
  return root;
}
