/**
 * The name h3's `serveStatic` asks our file table for (its "id"): the request path in the spelling
 * routes are matched on, decoded once with `decodeURI`, so that only `#` and `?` stay escaped (`%23`,
 * `%3F`) and an escaped separator (`%2F`, `%5C`) stays one opaque segment. The build's table is keyed
 * by it (`assetId`); the dev server, which looks files up as they are asked for, reads a path back
 * from it (`assetSegments`). test/runtime/asset-id.test.ts checks both against h3 itself.
 */
import { segmentProblem } from './url-path.ts';

/** A literal `%23`, `%3F`, `%2F` or `%5C` in a file name reads back as `#`, `?` or a separator. */
const ambiguousEscape = /%(?:23|3f|2f|5c)/i;

/**
 * The id serveStatic asks for a file at these decoded path segments (relative to `public/`), without
 * its leading `/` (see {@link withoutLeadingSlashes}), or
 * `undefined` for a name no id stands for alone: one holding `\` (a separator to some file systems)
 * or a literal `%23`, `%3F`, `%2F` or `%5C` (the id of `#x` is the id of `%23x`). Such a file is not
 * served; a request for its URL goes on to the routes.
 * @example assetId(['api', 'q#1.json']) // 'api/q%231.json'
 */
export function assetId(segments: readonly string[]): string | undefined {
  let id = '';
  for (const segment of segments) {
    if (segmentProblem(segment) !== undefined || ambiguousEscape.test(segment)) return undefined;
    id += (id ? '/' : '') + segment.replaceAll('#', '%23').replaceAll('?', '%3F');
  }
  return id;
}

/**
 * The decoded path segments an id of serveStatic names, or `undefined` when no file can have it (an
 * escaped separator inside a segment, a `\`, a `.` or `..` segment, an empty segment).
 * @example assetSegments('/api/q%231.json') // ['api', 'q#1.json']
 */
export function assetSegments(id: string): string[] | undefined {
  const segments = withoutLeadingSlashes(id).split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i].replace(/%23/g, '#').replace(/%3F/g, '?');
    if (segmentProblem(segment) !== undefined || ambiguousEscape.test(segment)) return undefined;
    segments[i] = segment;
  }
  return segments;
}

/**
 * The decoded segments of the file a URL path names, as serveStatic reads the path (every escape
 * decoded once but `%2F`, `%5C`, `%23` and `%3F`, then {@link assetSegments}): `[]` for the root,
 * `undefined` where no file can have it (malformed percent-encoding too). h3's event decodes the
 * escapes of sub-delimiters (`%2C`, `%40`, `%2B`: a `srcset` URL's comma) before serveStatic's
 * `decodeURI` decodes the rest, as nginx and static hosts decode them to find a file.
 * @example pathSegments('/docs/caf%C3%A9.html') // ['docs', 'café.html']
 * @example pathSegments('/img/a%2Cb%402x.png') // ['img', 'a,b@2x.png']
 */
export function pathSegments(path: string): string[] | undefined {
  if (path === '' || path === '/') return [];
  if (!path.includes('%')) return assetSegments(path);
  try {
    return assetSegments(path.split(keptEscapes).map((piece, i) => (i % 2 === 1 ? piece : decodeURIComponent(piece))).join(''));
  } catch {
    return undefined;
  }
}

/** The escapes a path keeps through serveStatic's decoding (captured, so that `split` keeps them). */
const keptEscapes = /(%(?:2F|5C|23|3F))/i;

/**
 * The id without its leading slashes: serveStatic asks for the root's index as `//index.html`, and
 * the table keys it as `index.html`, as every other file by its path relative to `public/`.
 * @example withoutLeadingSlashes('//index.html') // 'index.html'
 */
export function withoutLeadingSlashes(id: string): string {
  let start = 0;
  while (id[start] === '/') start++;
  return id.slice(start);
}
