import { posix } from 'node:path';

/**
 * The folders whose names decide what imports among the site's `files` (paths from the site root, as
 * site-path.ts gives them) resolve to: the folder of each, and every folder above it up to the site
 * root. A new `lib/x.ts` beside a `lib/x/` whose `index.ts` an import took, or the module a failed
 * import looked for made since (a folder new where it looked), changes one of their listings.
 * Files under `node_modules` are left out (the lockfile stands for them); a folder outside the site
 * (`../shared`) counts itself only.
 */
export function resolutionFolders(files: Iterable<string>): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    if (file.split('/').includes('node_modules')) continue;
    let folder = posix.dirname(file);
    if (folder === '..' || folder.startsWith('../')) {
      folders.add(folder);
      continue;
    }
    while (!folders.has(folder)) {
      folders.add(folder);
      if (folder === '.') break;
      folder = posix.dirname(folder);
    }
  }
  return [...folders].sort();
}
