/** The sample site, copied to a temporary folder and built there, so tests never write into the repository. */
import { cpSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildSite, repoRoot, tempDir } from './helpers.ts';

/** Copies sample-site (without its dist/) and builds the copy into a temporary outDir. */
export async function buildSampleSite() {
  const source = join(repoRoot, 'sample-site');
  const root = join(tempDir('sample-'), 'sample-site');
  cpSync(source, root, { recursive: true, filter: (path) => !relative(source, path).split(sep).includes('dist') });
  return buildSite(root);
}
