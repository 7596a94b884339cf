/**
 * Whether a path lies inside a folder: the one rule for it, on the build side (the output folder,
 * route files, links in publicDir) and in the server (the files it serves). Here, in the runtime,
 * because the server bundle carries it.
 */
import { isAbsolute, relative, sep } from 'node:path';

/**
 * True when `child` is `parent` or lies under it: both absolute, or both relative to one folder (`''`
 * is that folder). A name that only starts with `..` (`..notes`) is inside; `/site-b` is not inside
 * `/site`.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}
