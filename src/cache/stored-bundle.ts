/**
 * The server bundle a build published, kept in its output's cache folder (SPEC section 8: bundling
 * is skipped when no input of the last bundle changed; bundle-inputs.ts keys them). Its files are
 * hard links to the published `server/` folder (a copy only across devices), each with its content's
 * hash: the next build links them into its own output after checking each, and a file missing or
 * changed means the bundle is made again. What the cache knows of the bundle (bundle-facts.ts) is
 * kept with it, as reusing the bundle cannot ask Rollup.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BundleFacts } from '../bundle/bundle-facts.ts';
import { listFiles } from '../output/list-files.ts';
import { removeTree } from '../output/remove-tree.ts';
import { placeFile } from './body-store.ts';
import { newCacheName } from './cache-names.ts';
import { contentHash } from './hash.ts';

/** A server bundle in the cache. */
export interface StoredBundle {
  /** The key of the inputs it was made from (bundle-inputs.ts), and of its files alone (no route table). */
  key: string;
  sources: string;
  /** The lines its key was made of (inputs-key.ts): the next build says which input changed. */
  lines: string[];
  facts: BundleFacts;
  /** Its folder in the output's cache folder (`server-<pid>-<hex>`). */
  dir: string;
  /** Each of its files: the path in the folder (`/`-separated) and the hash of its bytes. */
  files: [path: string, hash: string][];
}

/** Links the published server folder `serverDir` into a new folder of the output's cache folder `dir`. */
export async function storeBundle(dir: string, serverDir: string, made: Pick<StoredBundle, 'key' | 'sources' | 'lines' | 'facts'>): Promise<StoredBundle> {
  const folder = newCacheName('server');
  const files: [string, string][] = [];
  for (const file of (await listFiles(serverDir)).sort()) {
    placeFile(join(serverDir, file), join(dir, folder, file));
    files.push([file, contentHash(readFileSync(join(dir, folder, file)))]);
  }
  return { ...made, dir: folder, files };
}

/**
 * Puts the files of `stored` (in the output's cache folder `dir`) into the staged `serverDir`, each
 * checked against its hash first; throws when one is missing or changed (the caller bundles instead).
 */
export function placeBundle(dir: string, stored: StoredBundle, serverDir: string): void {
  for (const [file, hash] of stored.files) {
    const from = join(dir, stored.dir, file);
    if (contentHash(readFileSync(from)) !== hash) throw new Error(`the stored ${file} of the server bundle was changed`);
    placeFile(from, join(serverDir, file));
  }
}

/** Removes a stored bundle's folder that no index names any more. */
export function removeStoredBundle(dir: string, stored: StoredBundle | undefined, kept: StoredBundle): void {
  if (stored && stored.dir !== kept.dir) removeTree(join(dir, stored.dir));
}

/** Whether `value` is a {@link StoredBundle} as this api-prerender writes it (a cache read back is checked whole). */
export function isStoredBundle(value: unknown): value is StoredBundle {
  const bundle = value as StoredBundle;
  if (typeof bundle !== 'object' || bundle === null || typeof bundle.key !== 'string' || typeof bundle.sources !== 'string' || !isStrings(bundle.lines) || !/^server-\d+-[0-9a-f]{12}$/.test(String(bundle.dir))) return false;
  if (!Array.isArray(bundle.files) || !bundle.files.every((pair) => isPair(pair) && !pair[0].split('/').some((part) => part === '..' || part === ''))) return false;
  const facts = bundle.facts as Partial<BundleFacts> | undefined;
  if (typeof facts !== 'object' || facts === null || !isStrings(facts.inputs) || !isRecordOf(facts.assets, (source) => typeof source === 'string')) return false;
  if (facts.h3 !== undefined && typeof facts.h3 !== 'string') return false;
  return isRecordOf(facts.routes, (code) => {
    const route = code as BundleFacts['routes'][string];
    return typeof route === 'object' && route !== null && typeof route.code === 'string' && isStrings(route.modules) && [route.cacheKey, route.entries].every((flag) => flag === undefined || flag === true);
  });
}

const isPair = (pair: unknown): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string';
const isStrings = (list: unknown): list is string[] => Array.isArray(list) && list.every((item) => typeof item === 'string');
const isRecordOf = (value: unknown, check: (item: unknown) => boolean) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check);
