/**
 * Where a read file is, as the cache names it. A route reads the copies of its `new URL(...,
 * import.meta.url)` files beside the bundle (`server/assets/data-1a2b.json`, whose name changes with
 * its content); the cache names and fingerprints their sources instead (`src/data.json`), so that a
 * changed one is `file src/data.json`, and a cache restored in another folder names the same files.
 */
import { join, relative, sep } from 'node:path';
import { sitePath } from './site-path.ts';

/** Where a read path is: its name from the site root, and the file to fingerprint (absolute). */
export interface ReadPlace {
  site: string;
  source: string;
}

/**
 * The place of each path read, for a bundle in `serverDir` whose copied files are `assets` (copy,
 * relative to `serverDir` -> source, from the site root: bundle/bundle-facts.ts). A folder copied
 * whole maps too, and each folder in it.
 */
export function createReadPlaces(root: string, serverDir: string, assets: Record<string, string>): (path: string) => ReadPlace {
  const copies = new Map(Object.entries(assets));
  for (const [copy, source] of Object.entries(assets)) {
    const copyParts = copy.split('/');
    const sourceParts = source.split('/');
    // The folders the copy and its source share by name, and the copied folder itself (named with a hash).
    while (copyParts.length > 2 && sourceParts.length > 1 && copyParts.at(-1) === sourceParts.at(-1)) {
      copyParts.pop();
      sourceParts.pop();
      if (copyParts.at(-1) === sourceParts.at(-1) || copyParts.length === 2) copies.set(copyParts.join('/'), sourceParts.join('/'));
    }
  }
  return (path) => {
    const copy = copies.get(relative(serverDir, path).split(sep).join('/'));
    return copy === undefined ? { site: sitePath(root, path), source: path } : { site: copy, source: join(root, copy) };
  };
}
