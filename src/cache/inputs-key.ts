/**
 * One key over the inputs of a step the cache can skip (bundling, the type check): what the step
 * says it depends on (`head`), every file it read, the names in each folder of the site's own files
 * among them and in the folders above (resolution-folders.ts: a new `x.ts` beside `x.js`, or the
 * module an import could not find, changes what it resolves to), the site's tsconfig (how TypeScript
 * reads the code), its package.json (`imports`, `type`) and the lockfile (packages). Files by
 * content, never by time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Fingerprints } from './fingerprint.ts';
import { contentHash } from './hash.ts';
import { resolutionFolders } from './resolution-folders.ts';
import { sitePath } from './site-path.ts';

/** Lockfiles of the package managers, looked for from the site root up. */
const lockfileNames = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];

/** The key of a step that depends on `head` and read `files` (from the site root), as they are now. */
export function inputsKey(root: string, head: readonly string[], files: readonly string[], fingerprints: Fingerprints): string {
  return linesKey(inputsLines(root, head, files, fingerprints));
}

/**
 * What {@link inputsKey} is made of, one line an input: `head`, then `input <file> <fingerprint>`,
 * `folder <folder> <fingerprint>` and `file <file> <fingerprint>` (changed-inputs.ts tells them apart
 * to say which input changed).
 */
export function inputsLines(root: string, head: readonly string[], files: readonly string[], fingerprints: Fingerprints): string[] {
  const lines = [...head];
  for (const file of files) lines.push(`input ${file} ${fingerprints.file(join(root, file))}`);
  for (const folder of resolutionFolders(files)) lines.push(`folder ${folder} ${fingerprints.modules(join(root, folder))}`);
  for (const file of [...tsconfigFiles(root), ...sitePackage(root), ...lockfile(root)]) lines.push(`file ${sitePath(root, file)} ${fingerprints.file(file)}`);
  return lines;
}

/** The key of the lines {@link inputsLines} gives. */
export const linesKey = (lines: readonly string[]): string => contentHash(lines.join('\n'));

/** The site's tsconfig.json and the files it extends by a relative path, nearest first (a package's are in the lockfile). */
function tsconfigFiles(root: string): string[] {
  const found: string[] = [];
  const queue = [join(root, 'tsconfig.json')];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    // Regular files only: reading a named pipe or a device would hang or never end.
    if (found.includes(file) || !statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    found.push(file);
    for (const extended of relativeExtends(readFileSync(file, 'utf8'))) queue.push(join(dirname(file), extended.endsWith('.json') ? extended : `${extended}.json`));
  }
  return found;
}

/**
 * The relative paths a tsconfig's `extends` names: one string, or an array of them (TypeScript 5.0
 * on). Read by pattern, not parsed: tsconfig files may hold comments and trailing commas.
 */
function relativeExtends(text: string): string[] {
  const value = /"extends"\s*:\s*("[^"]*"|\[[^\]]*\])/.exec(text)?.[1] ?? '';
  return [...value.matchAll(/"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
}

/** The site's package.json: its `imports` map (`#alias` specifiers) and `type` decide how modules resolve and load. */
function sitePackage(root: string): string[] {
  const file = join(root, 'package.json');
  return statSync(file, { throwIfNoEntry: false })?.isFile() ? [file] : [];
}

/** The lockfile nearest the site root, in it or above it (a workspace's). */
function lockfile(root: string): string[] {
  for (let dir = root; ; dir = dirname(dir)) {
    const found = lockfileNames.map((name) => join(dir, name)).filter((file) => existsSync(file));
    if (found.length > 0 || dirname(dir) === dir) return found;
  }
}
