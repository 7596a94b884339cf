/**
 * "Did you mean": the route nearest a path no route file matches, by edit distance. Pure; which file
 * really answers the suggestion is the router's call (route-finder.ts).
 */
import { editDistance } from '../closest-name.ts';
import { extensionOf } from '../runtime/extension.ts';
import type { RouteDefinition } from './file-to-route.ts';

/** A route a file serves, to suggest: a path (or, where the path gives no value, the pattern) and its file. */
export interface NearRoute {
  path: string;
  file: string;
}

/**
 * The route file answering GET whose path is nearest `route`: at most 40% of the own text (without
 * parameters) of the pattern or of `route`, the longer, differs, so a prefix or extension missing on
 * either side is near and an unrelated path is not; the first file wins a tie.
 * A word put in place of another is not near, though the rest is the same (`/api/nope.json` is not
 * `/api/hello.json`); an extension is (`/api/feed.rss`, `/api/feed.xml`), and nearest of all.
 * A pattern's parameters take `route`'s own segments ({@link patternLike}), so a typo in a
 * catalogue's folder suggests the item's real URL.
 * @example nearestRoute('/api/helo', [{ method: '', path: '/api/hello', file: 'api/hello.ts' }]) // { path: '/api/hello', file: 'api/hello.ts' }
 */
export function nearestRoute(route: string, routes: readonly RouteDefinition[]): NearRoute | undefined {
  let nearest: NearRoute | undefined;
  let best = Infinity;
  for (const { method, path, file } of routes) {
    if (method !== '' && method !== 'GET') continue;
    const like = patternLike(path, route);
    // Measured against the text that is no parameter's, in the pattern or in `route` (the longer:
    // `/api/about` is near a file serving `/about`): a catch-all takes any rest, which makes no path near it.
    const own = path.replace(/\*\*(:\w+)?|:\w+/g, '').length;
    const routeOwn = route.length - (like.length - own);
    const limit = Math.min(best - 1, Math.max(1, Math.floor(0.4 * Math.max(own, routeOwn))));
    // The same name with another extension, or none, is the nearest there is: a word of a folder
    // (`/api/posts/hello.json` for `/api/v1/hello.json`) is no nearer for costing as few edits.
    const distance = withoutExtension(route) === withoutExtension(like) ? 1 : editDistance(route, like, limit);
    if (distance > limit || replacesAWord(route, like)) continue;
    best = distance;
    nearest = { path: like, file };
  }
  return nearest;
}

/** `path` without its last segment's extension: `/api/hello.json` -> `/api/hello`. */
function withoutExtension(path: string): string {
  const extension = extensionOf(path);
  return extension === undefined ? path : path.slice(0, -extension.length - 1);
}

/**
 * Whether `a` and `b` differ by one word standing for another in their last segment, the name of
 * what is asked: what lies between their common start and end is there on both sides and mostly
 * differs (more than one edit per two letters, one at least), and is more than the extension. Text
 * only added or removed (`/about`, `/api/about`), a slip of the keyboard, and a folder named
 * otherwise (`/api/v1/hello.txt`, `/services/v1/hello.txt`) are no such word.
 * @example replacesAWord('/api/nope.json', '/api/hello.json') // true
 */
function replacesAWord(a: string, b: string): boolean {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (a.lastIndexOf('/') >= start || b.lastIndexOf('/') >= start) return false;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const [left, right] = [a.slice(start, a.length - end), b.slice(start, b.length - end)];
  if (left === '' || right === '') return false;
  const inExtension = !/[/.]/.test(left + right) && a.lastIndexOf('.', start) > a.lastIndexOf('/', start) && end === 0;
  return !inExtension && editDistance(left, right) > Math.max(1, Math.floor(Math.max(left.length, right.length) / 2));
}

/**
 * `pattern` with each parameter filled from `route`'s segment at the same place (keeping the
 * pattern's extension, `:slug.json`), and a catch-all with the rest of `route`; a parameter `route`
 * has no segment for stays as the pattern writes it.
 * @example patternLike('/api/posts/:slug.json', '/api/post/a') // '/api/posts/a.json'
 */
export function patternLike(pattern: string, route: string): string {
  const own = route.split('/').filter(Boolean);
  const parts = pattern.split('/').filter(Boolean);
  const segments: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (part.startsWith('**')) {
      const rest = own.slice(i);
      segments.push(...(rest.length > 0 || part === '**' ? rest : [part]));
      break;
    }
    const param = /^:\w+(.*)$/.exec(part);
    if (!param || own[i] === undefined) {
      segments.push(part);
      continue;
    }
    const suffix = param[1];
    const value = own[i];
    const stem = value.includes('.') && !value.endsWith(suffix) ? value.slice(0, value.lastIndexOf('.')) : value;
    segments.push(suffix === '' || value.endsWith(suffix) ? value : stem + suffix);
  }
  return '/' + segments.join('/');
}
