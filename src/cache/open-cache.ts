/**
 * A build's hold on its output's cache folder (cache-index.ts), from the moment its config is known
 * until it ends: the folder locked (one build of an output uses its cache at a time; another one
 * builds without it), what the last build left there read and checked, the leftovers of a build that
 * was killed removed, and this build's stamp for the bodies it stores (body-store.ts).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { messageOf, PrerenderError } from '../errors.ts';
import { takeLock } from '../output/lock.ts';
import { removeEmptyFolders } from '../output/out-dir.ts';
import { removeTree } from '../output/remove-tree.ts';
import type { Shard } from '../shard/shard.ts';
import { cacheNamePid } from './cache-names.ts';
import { openCache, outputCacheDir, type CacheIndex } from './cache-index.ts';
import { createFingerprints, type Fingerprints } from './fingerprint.ts';
import type { RecordsReader } from './records-file.ts';

/** An output's cache as a build holds it. */
export interface OpenedCache {
  /** The output's cache folder. */
  dir: string;
  /** What the last build left, checked; `undefined` when there is nothing usable. */
  previous?: { index: CacheIndex; records: RecordsReader };
  /** The modification time (ms, whole seconds) of the bodies this build stores: later than the last build's. */
  stamp: number;
  /** This build's fingerprints of files (each file hashed once per build). */
  fingerprints: Fingerprints;
  /** Releases the folder; safe to call twice. */
  release(): Promise<void>;
}

/** What opening found: the cache, and why the last one was ignored when it was; or why there is none this build. */
export type CacheOpening = { opened: OpenedCache; ignored?: string } | { unusable: string };

/** Opens the cache of the output of `shard` (or of the site) in the site's cache folder `siteDir` (`cacheDir/<name>`). */
export async function openOutputCache(siteDir: string, shard: Shard | undefined): Promise<CacheOpening> {
  const dir = outputCacheDir(siteDir, shard);
  let release: () => Promise<void>;
  // The first folder made for it: a build that leaves nothing in them (it failed early, as one run in
  // the wrong folder does) leaves no folders either.
  let made: string | undefined;
  try {
    made = mkdirSync(dir, { recursive: true });
    release = await takeLock(dir, 'cache');
  } catch (error) {
    const why = error instanceof PrerenderError && error.code === 'LOCKED' ? 'another build of this site is using it' : `it cannot be written (${messageOf(error)})`;
    return { unusable: why };
  }
  const found = openCache(dir);
  const previous = found && 'index' in found ? found : undefined;
  removeLeftovers(dir, previous?.index);
  const stamp = Math.max(Math.floor(Date.now() / 1000) * 1000, (previous?.index.stamp ?? 0) + 1000);
  let released = false;
  const opened: OpenedCache = {
    dir,
    previous,
    stamp,
    fingerprints: createFingerprints(),
    async release() {
      if (released) return;
      released = true;
      previous?.records.close();
      await release();
      removeEmptyFolders(dir, made);
    },
  };
  return found && 'ignored' in found ? { opened, ignored: found.ignored } : { opened };
}

/**
 * Removes the records files and stored bundles the index does not name: a build killed before it
 * committed left them. No other build writes here while this one holds the folder.
 */
function removeLeftovers(dir: string, index: CacheIndex | undefined): void {
  const named = new Set([index?.records.file, index?.bundle.dir]);
  for (const name of readdirSync(dir)) {
    if ((cacheNamePid(name) !== undefined && !named.has(name)) || name.endsWith('.tmp')) removeTree(join(dir, name));
  }
}
