/**
 * One key over the inputs of a step the cache can skip (bundling, the type check): what the step
 * says it depends on (`head`), every file it read, the names in each folder of the site's own files
 * among them (a new `x.ts` beside `x.js` can change what an import resolves to), the site's tsconfig
 * (how TypeScript reads the code) and the lockfile (packages). Files by content, never by time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Fingerprints } from './fingerprint.ts';
import { contentHash } from './hash.ts';
import { sitePath } from './site-path.ts';

/** Lockfiles of the package managers, looked for from the site root up. */
const lockfileNames = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];

/** The key of a step that depends on `head` and read `files` (from the site root), as they are now. */
export function inputsKey(root: string, head: readonly string[], files: readonly string[], fingerprints: Fingerprints): string {
  const lines = [...head];
  const folders = new Set<string>();
  for (const file of files) {
    lines.push(`input ${file} ${fingerprints.file(join(root, file))}`);
    if (!file.split('/').includes('node_modules')) folders.add(posix.dirname(file));
  }
  for (const folder of [...folders].sort()) lines.push(`folder ${folder} ${fingerprints.file(join(root, folder))}`);
  for (const file of [...tsconfigFiles(root), ...lockfile(root)]) lines.push(`file ${sitePath(root, file)} ${fingerprints.file(file)}`);
  return contentHash(lines.join('\n'));
}

/** The site's tsconfig.json and the files it extends by a relative path (a package's are in the lockfile). */
function tsconfigFiles(root: string): string[] {
  const found: string[] = [];
  // Regular files only: reading a named pipe or a device would hang or never end.
  for (let file: string | undefined = join(root, 'tsconfig.json'); file && statSync(file, { throwIfNoEntry: false })?.isFile() && !found.includes(file); ) {
    found.push(file);
    // tsconfig files may hold comments: the `extends` value is read by pattern, not by parsing.
    const extended: string | undefined = /"extends"\s*:\s*"(\.{1,2}\/[^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1];
    file = extended && join(dirname(file), extended.endsWith('.json') ? extended : `${extended}.json`);
  }
  return found;
}

/** The lockfile nearest the site root, in it or above it (a workspace's). */
function lockfile(root: string): string[] {
  for (let dir = root; ; dir = dirname(dir)) {
    const found = lockfileNames.map((name) => join(dir, name)).filter((file) => existsSync(file));
    if (found.length > 0 || dirname(dir) === dir) return found;
  }
}
