import { mimes } from 'mrmime';
import { isHtml, mediaType } from '../content-type.ts';
import { errors } from '../errors.ts';
import { hasExtension } from '../runtime/extension.ts';
import { decodeSegment, isHiddenName, segmentProblem, type SegmentProblem } from '../runtime/url-path.ts';

/** Names Windows reserves for devices, with any extension and in any letter case (`con`, `NUL.txt`). */
const deviceName = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;
/** A segment of a route that is a device name ({@link deviceName}). */
const deviceSegment = /\/(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|\/|$)/i;

/**
 * The decoded path segments of a route, checked. Each segment is percent-decoded exactly once and
 * checked after decoding: `.` and `..`, `/` or `\` inside a segment, NUL and control characters, an
 * empty segment and one over 255 bytes are refused, so no route can name a file outside `public/`.
 * A hidden segment is refused too (the servers never serve dot-files, so the file could not be served
 * at its route; `.well-known` is not hidden), and so is any name Windows or macOS users could not check
 * out or upload: one ending in a space or a dot, a device name (`con`, `nul.json`), `: * ? " < > |`.
 * A trailing `/` adds no segment. Throws ROUTE_PATH naming the route (and `configFile`, listing it).
 * @example routeSegments('/api/a%20b.json') // ['api', 'a b.json']
 */
export function routeSegments(route: string, configFile?: string): string[] {
  const parsed = parseRouteSegments(route);
  if ('problem' in parsed) throw errors.routePath(route, parsed.problem, configFile);
  return parsed.segments;
}

/**
 * {@link routeSegments} without throwing: the segments, or why the route cannot be a file, for callers
 * that name the route's source themselves (a route file's `entries`).
 * @example parseRouteSegments('/api/..') // { problem: 'a ".." segment would leave its folder' }
 */
export function parseRouteSegments(route: string): { segments: string[] } | { problem: string } {
  if (!route.startsWith('/')) return { problem: 'it must start with "/"' };
  if (/[?#]/.test(route)) return { problem: 'a query or fragment cannot be part of a file name' };
  const raw = route.slice(1).split('/');
  if (raw.at(-1) === '') raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    // Most segments are plain names, which pass every check below: two tests instead of all of them.
    if (plainSegment.test(part) && !deviceName.test(part)) {
      segments.push(part);
      continue;
    }
    const segment = decodeSegment(part);
    const problem = segment === undefined ? `"${part}" is not valid percent-encoding` : fileNameProblem(part, segment);
    if (problem) return { problem };
    segments.push(segment!);
  }
  return { segments };
}

/**
 * A segment of unreserved characters only (nothing to decode, nothing Windows or macOS refuses), not
 * starting or ending with a dot, at most 255 bytes: a file name as it is, unless a device name.
 */
const plainName = '[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]{0,253}[A-Za-z0-9_~-])?';
const plainSegment = new RegExp(`^${plainName}$`);
const plainSegments = new RegExp(`^(?:/${plainName})+/?$`);

/**
 * Whether every segment of `route` is plain, and none a device name: its segments are its path as it
 * is, and pass every check of {@link parseRouteSegments}, found without making them (most routes of a
 * large site; a million are checked as the build starts, then each placed).
 * @example isPlainRoute('/api/items/1.json') // true
 * @example isPlainRoute('/caf%C3%A9') // false: parseRouteSegments decides
 */
export function isPlainRoute(route: string): boolean {
  return plainSegments.test(route) && !deviceSegment.test(route);
}

/** The words for each problem of the one segment rule (runtime/url-path.ts), for a route spelling the segment `part`. */
const problems: Record<SegmentProblem, (part: string, segment: string) => string> = {
  empty: () => 'it has an empty segment ("//")',
  dot: (_, segment) => `a "${segment}" segment would leave its folder`,
  separator: (part) => `"${part}" decodes to a path separator`,
  control: (part) => `${JSON.stringify(part)} holds NUL or a control character`,
};

/** Why the decoded `segment` (spelled `part` in the route) cannot be a file or folder name, if it cannot. */
function fileNameProblem(part: string, segment: string): string | undefined {
  const problem = segmentProblem(segment);
  if (problem) return problems[problem](part, segment);
  if (/\p{Cs}/u.test(segment)) return `"${part}" holds a lone UTF-16 surrogate, which no file name can`;
  if (isHiddenName(segment)) return `"${segment}" starts with a dot: dot-files are never served, so the file could not be served at its route`;
  if (Buffer.byteLength(segment) > 255) return 'a segment is longer than 255 bytes, the file-name limit';
  const unportable = unportableReason(segment);
  return unportable ? `"${segment}" ${unportable}` : undefined;
}

/** Why Windows or macOS users could not check out or upload a file of this name, if they could not. */
function unportableReason(name: string): string | undefined {
  if (name.endsWith(' ')) return 'ends with a space, which URL parsers and some file systems drop';
  if (name.endsWith('.')) return 'ends with a dot, which Windows drops from file names';
  if (deviceName.test(name)) return 'is a device name Windows reserves (con, prn, aux, nul, com1-9, lpt1-9, with any extension)';
  const reserved = /[:*?"<>|]/.exec(name);
  if (reserved) return `holds "${reserved[0]}", which Windows file names cannot (nor : on macOS)`;
  return undefined;
}

/**
 * The file (relative to `public/`, `/`-separated) a route's response is written to:
 * - a last segment with an extension: exactly that path (`/api/rss.xml` -> `api/rss.xml`);
 * - otherwise HTML: `<path>/index.html` (`/docs` -> `docs/index.html`, `/` -> `index.html`);
 * - otherwise: exactly the path, a file without extension (`/api/users/1` -> `api/users/1`).
 * A route ending in `/` (`/` itself too) is a folder: HTML goes to its `index.html`, any other type has
 * no file it could be (OUTPUT_CLASH). Throws ROUTE_PATH for a route that can never be a file.
 */
export function routeToFile(route: string, contentType: string): string {
  const html = isHtml(contentType);
  if (!route.endsWith('/') && isPlainRoute(route)) {
    const path = route.slice(1);
    return html && !hasExtension(path.slice(path.lastIndexOf('/') + 1)) ? `${path}/index.html` : path;
  }
  const segments = routeSegments(route);
  // A route ending in "/" names a folder, even `/rss.xml/`: the servers look for its index.html.
  if (route.endsWith('/')) {
    if (html) return [...segments, 'index.html'].join('/');
    const name = route.replace(/\/+$/, '') || '/index';
    const extension = hasExtension(segments.at(-1)) ? undefined : extensionFor(contentType);
    throw errors.folderRoute(route, contentType, extension ? `${name}.${extension}` : name, extension !== undefined);
  }
  if (hasExtension(segments.at(-1))) return segments.join('/');
  if (html) return [...segments, 'index.html'].join('/');
  return segments.join('/');
}

/** Extensions for the types routes answer most, where several name one (mrmime's `text/plain` is `conf` first). */
const commonExtensions: Record<string, string> = { 'text/plain': 'txt', 'application/json': 'json', 'text/xml': 'xml', 'application/xml': 'xml', 'text/csv': 'csv' };

/** An extension that names `contentType`, for a hint; none for a type no extension names. */
function extensionFor(contentType: string): string | undefined {
  const type = mediaType(contentType);
  return commonExtensions[type] ?? Object.keys(mimes).find((extension) => mimes[extension] === type);
}

/** Orders routes code unit by code unit, as the manifest and sitemap list them. */
export function compareRoutes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders anything with a route by its route ({@link compareRoutes}). */
export function byRoute(a: { route: string }, b: { route: string }): number {
  return compareRoutes(a.route, b.route);
}
