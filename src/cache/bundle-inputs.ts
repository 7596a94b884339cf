/**
 * Whether the last bundle can be used again (SPEC section 8: bundling is skipped when no input of the
 * last bundle changed): one key over everything the bundle was made from. The route table (a route
 * file added or removed rebundles), the config keys the bundler reads, every file the bundle read
 * (modules, `.json`, copied files and folders: bundle/bundle-facts.ts), the names in each folder of
 * the site's own modules (a new `x.ts` beside `x.js` can change what an import resolves to), the
 * site's tsconfig (how TypeScript is compiled), the lockfile (packages), api-prerender and Node.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { BuildKey } from './build-key.ts';
import type { Fingerprints } from './fingerprint.ts';
import { contentHash } from './hash.ts';
import { sitePath } from './site-path.ts';

/** Lockfiles of the package managers, looked for from the site root up. */
const lockfiles = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];

/** What the key is made of. */
export interface BundleInputs {
  root: string;
  /** The build key's tool, Node and config parts (build-key.ts). */
  key: Pick<BuildKey, 'tool' | 'node' | 'config'>;
  routes: readonly RouteDefinition[];
  /** The files the bundle read, from the site root (bundle-facts.ts). */
  inputs: readonly string[];
  fingerprints: Fingerprints;
}

/** The key of a bundle made from `inputs` as they are now. */
export function bundleInputsKey({ root, key, routes, inputs, fingerprints }: BundleInputs): string {
  const lines = [`tool ${key.tool}`, `node ${key.node}`, `config ${key.config}`];
  for (const { file, method, path } of [...routes].sort((a, b) => (a.file < b.file ? -1 : 1))) lines.push(`route ${file} ${method} ${path}`);
  const folders = new Set<string>();
  for (const input of inputs) {
    lines.push(`input ${input} ${fingerprints.file(join(root, input))}`);
    if (!input.split('/').includes('node_modules')) folders.add(posix.dirname(input));
  }
  for (const folder of [...folders].sort()) lines.push(`folder ${folder} ${fingerprints.file(join(root, folder))}`);
  for (const file of [...tsconfigFiles(root), ...lockfile(root)]) lines.push(`file ${sitePath(root, file)} ${fingerprints.file(file)}`);
  return contentHash(lines.join('\n'));
}

/** The site's tsconfig.json and the files it extends by a relative path (a package's are in the lockfile). */
function tsconfigFiles(root: string): string[] {
  const found: string[] = [];
  for (let file: string | undefined = join(root, 'tsconfig.json'); file && existsSync(file) && !found.includes(file); ) {
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
    const found = lockfiles.map((name) => join(dir, name)).filter((file) => existsSync(file));
    if (found.length > 0 || dirname(dir) === dir) return found;
  }
}
