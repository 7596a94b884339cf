/**
 * Rollup's own cache of a site's last bundle, kept in `cacheDir/<name>/rollup.cache`, so that a
 * bundle made again after an edit transforms only the modules whose code changed (TypeScript's
 * transpiling, CommonJS, our tracking: most of a bundle's time), as Rollup's watch mode does. Rollup
 * compares each module's source with the cached one; what it does not compare is checked here:
 * - everything a transform depends on besides the source (the tsconfig, the lockfile, api-prerender,
 *   Node, the config keys the bundler reads, the site's folder) is `key`, given by the build;
 * - where imports resolve: the names in each folder of the site's modules and in the folders above
 *   them (resolution-folders.ts), as the bundle left them;
 * - the files a transform read, and what it warned of (a `new URL` copy): such a module is
 *   transformed again.
 * Written by the toolchain process after it bundled (the cache is its, in Rollup's form), read back
 * by it, in V8's serialization. Anything unreadable or of another key is no cache.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { RollupCache } from 'rollup';
import { createFingerprints } from './fingerprint.ts';
import { resolutionFolders } from './resolution-folders.ts';
import { sitePath } from './site-path.ts';

/** Where a build keeps Rollup's cache, and the key it must have. */
export interface RollupCacheFile {
  file: string;
  key: string;
}

/** What the file holds. */
interface Stored {
  key: string;
  /** Each folder of the site's modules (from the site root) and the fingerprint of its names. */
  folders: [string, string][];
  cache: RollupCache;
}

/** The cache kept in `at.file` for a bundle of the site at `root`, when it is still usable; else `undefined`. */
export function readRollupCache(at: RollupCacheFile, root: string): RollupCache | undefined {
  let stored: Stored;
  try {
    stored = deserialize(readFileSync(at.file)) as Stored;
  } catch {
    return undefined;
  }
  if (stored?.key !== at.key || !Array.isArray(stored.folders) || !Array.isArray(stored.cache?.modules)) return undefined;
  const fingerprints = createFingerprints();
  if (stored.folders.some(([folder, fingerprint]) => fingerprints.modules(join(root, folder)) !== fingerprint)) return undefined;
  // A module whose transform read other files than its own (a copied asset), or one with a
  // `new URL(..., import.meta.url)` (its copies are emitted, its ASSET_URL warnings given, by the
  // transform), is transformed again.
  const again = (module: RollupCache['modules'][number]) => module.transformDependencies.length > 0 || module.originalCode.includes('import.meta.url');
  return { ...stored.cache, modules: stored.cache.modules.filter((module) => !again(module)) };
}

/**
 * Keeps `cache` (of a bundle of the site at `root`) in `at.file` with its key, without the modules'
 * syntax trees (Rollup parses a module again, far faster than it transforms one). Never throws: a
 * cache not kept is a slower next bundle, not a failed build.
 */
export function writeRollupCache(at: RollupCacheFile, root: string, cache: RollupCache): void {
  const fingerprints = createFingerprints();
  const inSite: string[] = [];
  for (const { id } of cache.modules) {
    const site = sitePath(root, id.split('?')[0]!);
    if (site !== id && !site.startsWith('../')) inSite.push(site);
  }
  const stored: Stored = {
    key: at.key,
    folders: resolutionFolders(inSite).map((folder) => [folder, fingerprints.modules(join(root, folder))]),
    cache: { ...cache, modules: cache.modules.map((module) => ({ ...module, ast: undefined as never })) },
  };
  try {
    writeFileSync(`${at.file}.${process.pid}.tmp`, serialize(stored));
    renameSync(`${at.file}.${process.pid}.tmp`, at.file);
  } catch {
    // Not kept: the next bundle transforms every module, as a first one does.
  }
}
