/**
 * The cache of one output (SPEC section 8): in `cacheDir/<name>/`, a folder per output (`build`, or
 * `shard-2-of-3` for a shard: shards built at once never touch each other's), holding its index
 * (`index.json`) naming its records file and its stored server bundle, the stored bodies
 * (body-store.ts), and the mark `unfinished` while a build that stored bodies has not committed
 * (stray-bodies.ts). The index is written last, by rename: whatever stops a build, the index names a
 * complete records file or the previous one. An index that api-prerender did not write, or whose
 * records file does not match it, is reported (CACHE_IGNORED) and the build renders every route.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Shard } from '../shard/shard.ts';
import type { BuildKey } from './build-key.ts';
import type { ModuleTable } from './module-reads.ts';
import { openRecords, type RecordsReader, type RecordsSummary } from './records-file.ts';
import { isStoredBundle, type StoredBundle } from './stored-bundle.ts';

/** The version of the layout below; another one is a cache of another api-prerender, ignored. */
export const cacheFormat = 2;

/** What an index holds. */
export interface CacheIndex {
  tool: 'api-prerender';
  format: typeof cacheFormat;
  key: BuildKey;
  /** A hash of the route table: while it is the same, the file that answered a route still does. */
  routes: string;
  /** The records file (its name in the cache's folder) and what it holds. */
  records: RecordsSummary & { file: string };
  modules: ModuleTable;
  /** The server bundle the build published, and what it was made from. */
  bundle: StoredBundle;
  /** The modification time (ms) the build gave the bodies it stored; the next build's is later. */
  stamp: number;
}

/** The folder of one output's cache in the site's `cacheDir/<name>`: `build`, or `shard-<k>-of-<n>`. */
export const outputCacheDir = (siteDir: string, shard: Shard | undefined) => join(siteDir, shard && shard.count > 1 ? `shard-${shard.index}-of-${shard.count}` : 'build');

/** The index file of an output's cache folder. */
export const indexFile = (dir: string) => join(dir, 'index.json');

/** What was found: nothing (a first build), a cache to use, or one ignored and why. */
export type FoundCache = { index: CacheIndex; records: RecordsReader } | { ignored: string } | undefined;

/** Opens the cache whose index is `file` (in the folder `dir`), checking it and its records file. */
export function openCache(dir: string): FoundCache {
  const file = indexFile(dir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { ignored: `its index ${file} cannot be read (${(error as Error).message})` };
  }
  let index: CacheIndex;
  try {
    index = checkIndex(JSON.parse(text));
  } catch {
    return { ignored: `its index ${file} is not one this api-prerender wrote` };
  }
  try {
    return { index, records: openRecords(join(dir, index.records.file), index.records) };
  } catch {
    return { ignored: `its records file ${join(dir, index.records.file)} is missing, cut short or altered` };
  }
}

/** Writes `index` as `file` (through a temporary file and a rename), then removes the records file it replaces. */
export function writeIndex(file: string, index: CacheIndex, replaced: string | undefined): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(index));
  renameSync(temporary, file);
  if (replaced !== undefined && replaced !== index.records.file) rmSync(join(file, '..', replaced), { force: true });
}

/** `value` as an index of this format; throws when it is not one. */
function checkIndex(value: unknown): CacheIndex {
  const index = value as CacheIndex;
  const strings = (object: unknown, keys: string[]) => typeof object === 'object' && object !== null && keys.every((key) => typeof (object as Record<string, unknown>)[key] === 'string');
  const ok =
    index?.tool === 'api-prerender' &&
    index.format === cacheFormat &&
    strings(index.key, ['tool', 'h3', 'node', 'config', 'locale']) &&
    typeof index.routes === 'string' &&
    strings(index.records, ['file', 'hash']) &&
    /^records-\d+-[0-9a-f]{12}\.jsonl$/.test(index.records.file) &&
    Number.isSafeInteger(index.stamp) &&
    isStoredBundle(index.bundle) &&
    Number.isSafeInteger(index.records.bytes) &&
    Number.isSafeInteger(index.records.count) &&
    typeof index.modules?.network === 'boolean' &&
    typeof index.modules.modules === 'object' &&
    index.modules.modules !== null &&
    Object.values(index.modules.modules).every(isModuleReads);
  if (!ok) throw new Error('not an index');
  return index;
}

function isModuleReads(reads: unknown): boolean {
  if (typeof reads !== 'object' || reads === null) return false;
  const pairs = (list: unknown) => list === undefined || (Array.isArray(list) && list.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string'));
  const { load, env, shared } = reads as Record<string, unknown>;
  return pairs(load) && pairs(env) && pairs(shared);
}
