/**
 * The folders copied beside the bundle (`new URL('../content/', import.meta.url)`, bundle/asset-urls.ts),
 * each with the folder of the site it was copied from: a file a route looks for in a copy and does not
 * find is then named as the user knows it (`src/content/nope.md`), where Node names the copy in dev's
 * temporary folder or the build's staging folder.
 */
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInside } from './inside.ts';

/** Each copied folder (absolute path) -> its source, from the site root (`src/content`). */
const copies = new Map<string, string>();

/** Records that the folder at `href` is the copy of `source` (from the site root); returns `href`. */
export function copiedFolder(href: string, source: string): string {
  copies.set(fileURLToPath(href), source);
  return href;
}

/**
 * Adds to a handler's "no such file" error (ENOENT) of a path in a copied folder the site's file
 * that path stands for, and when the copy was made.
 * @example ENOENT: no such file or directory, open '/tmp/prerender-dev-x/server/assets/content-1a2b3c4d/nope.md' (the copy of src/content/ made as the routes were bundled: src/content/nope.md was not there)
 */
export function nameMissingCopy(error: unknown): void {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (code !== 'ENOENT' || typeof path !== 'string' || !(error instanceof Error)) return;
  for (const [copy, source] of copies) {
    if (!isInside(path, copy)) continue;
    const file = [source, ...relative(copy, path).split(sep)].filter(Boolean).join('/');
    error.message += ` (the copy of ${source}/ made as the routes were bundled: ${file} was not there)`;
    return;
  }
}
