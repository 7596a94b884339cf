/**
 * How a URL path is read, once for everyone: the router, the static-file layer, the socket check and
 * the prerender all spell, decode and hide paths through these functions, so that no two of them can
 * disagree on which route or file a URL names.
 */

/** RFC 3986 unreserved characters: encoded or not, they are the same URL (section 6.2.2.2). */
const unreserved = /^[A-Za-z0-9._~-]$/;
const escape = /%([0-9A-Fa-f]{2})/g;
const malformedEscape = /%(?![0-9A-Fa-f]{2})/;

/**
 * The one spelling of a URL path that routes are matched on: runs of `/` collapsed into one,
 * percent-encoded unreserved characters decoded, and every other escape in upper-case hex (RFC 3986
 * section 6.2.2.1). Nothing else is decoded, so a segment is still decoded exactly once afterwards;
 * the escapes of a path with a malformed one are left as they are, for the checks that refuse it.
 *
 * @example normalizePathname('/api//caf%c3%a9') // '/api/caf%C3%A9'
 * @example normalizePathname('/api/%68ello%2f') // '/api/hello%2F'
 */
export function normalizePathname(pathname: string): string {
  let path = pathname;
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  // In `%4%41`, decoding `%41` would make `%4A`: a malformed path stays as it is, to be refused.
  if (path.includes('%') && !malformedEscape.test(path)) {
    path = path.replace(escape, (_, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return unreserved.test(char) ? char : `%${hex.toUpperCase()}`;
    });
  }
  return path;
}

/**
 * One path segment, percent-decoded exactly once; `undefined` when its encoding is malformed (a bad
 * escape, or bytes that are not UTF-8).
 * @example decodeSegment('caf%C3%A9') // 'café'
 */
export function decodeSegment(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** What keeps a decoded path segment from naming an entry of its folder: see {@link segmentProblem}. */
export type SegmentProblem = 'empty' | 'dot' | 'separator' | 'control';

/**
 * Why a decoded path segment cannot name a file or folder inside its folder, if it cannot: it is
 * empty, `.` or `..` (it names the folder itself or leaves it), holds a `/` or `\` (a separator to some
 * file system), or NUL or another control character. The one segment rule of the socket check, the
 * static layer and the output layout: each refuses what it finds, and adds rules of its own (hidden
 * names, file-name limits).
 * @example segmentProblem('..') // 'dot'
 * @example segmentProblem('a%2Fb') // undefined: still encoded, one name
 */
export function segmentProblem(segment: string): SegmentProblem | undefined {
  if (segment === '') return 'empty';
  if (segment === '.' || segment === '..') return 'dot';
  if (segment.includes('/') || segment.includes('\\')) return 'separator';
  if (/[\0-\x1f\x7f]/.test(segment)) return 'control';
  return undefined;
}

/**
 * Whether a decoded segment could lead out of its folder, however a file system splits it: a `.` or
 * `..` between any separators, or a control character. An empty part or a separator alone (`a/b`,
 * from `a%2Fb`) cannot: such a path names no file, and a route may take it as a parameter.
 * @example leavesFolder('a/../b') // true
 */
export function leavesFolder(segment: string): boolean {
  return segment.split(/[\\/]/).some((part) => {
    const problem = segmentProblem(part);
    return problem === 'dot' || problem === 'control';
  });
}

/**
 * A value as one path segment, in the one spelling routes are matched on ({@link normalizePathname}):
 * everything but unreserved characters and `!'()*` percent-encoded in upper-case hex, `/` and `%`
 * included, so that {@link decodeSegment} gives the value back. `undefined` for a string no URL can
 * hold (a lone UTF-16 surrogate).
 * @example encodeSegment('café au lait') // 'caf%C3%A9%20au%20lait'
 */
export function encodeSegment(value: string): string | undefined {
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Whether a file or folder name is hidden: a name starting with a dot is never a route, never served
 * and never copied to the output, except `.well-known` (RFC 8615), which sites must be able to serve.
 * @example isHiddenName('.env') // true
 * @example isHiddenName('.well-known') // false
 */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') && name !== '.well-known';
}
