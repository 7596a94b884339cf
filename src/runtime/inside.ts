/**
 * Whether a path lies inside a folder: the one rule for it, on the build side (the output folder,
 * route files, links in publicDir) and in the server (the files it serves). Here, in the runtime,
 * because the server bundle carries it.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * True when `child` is `parent` or lies under it: both absolute, or both relative to one folder (`''`
 * is that folder). A name that only starts with `..` (`..notes`) is inside; `/site-b` is not inside
 * `/site`.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

/** A relative path of plain names (no `.` or `..`, no empty part, no `\\`, not absolute): one that cannot leave its folder. */
const plainRelative = /^(?:[^/\\.]|\.[^/\\.]|\.\.[^/\\])[^/\\]*(?:\/(?:[^/\\.]|\.[^/\\.]|\.\.[^/\\])[^/\\]*)*$/;

/**
 * The absolute path of `file` (relative, `/`-separated) in the folder `root` (absolute, resolved),
 * or `undefined` when it would not lie strictly inside it. A path of plain names is joined as it is;
 * any other is resolved and checked with {@link isInside}.
 * @example pathInside('/site/public', 'api/a.json') // '/site/public/api/a.json'
 * @example pathInside('/site/public', '../x') // undefined
 */
export function pathInside(root: string, file: string): string | undefined {
  if (sep === '/' && plainRelative.test(file)) return `${root}/${file}`;
  const target = resolve(root, file);
  return target !== root && isInside(target, root) ? target : undefined;
}
