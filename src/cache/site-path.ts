import { isAbsolute, relative, sep } from 'node:path';

/**
 * A path as the cache stores it: from the site root, with `/` separators, so that a cache restored in
 * another folder or on another machine names the same files (`../shared/x.ts` for a file beside the
 * site). A path that is not absolute (a virtual module's id) is kept as it is.
 * @example sitePath('/home/me/site', '/home/me/site/src/data.json') // 'src/data.json'
 */
export function sitePath(root: string, path: string): string {
  if (!isAbsolute(path)) return path;
  return relative(root, path).split(sep).join('/');
}
