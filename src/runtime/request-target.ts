/**
 * The request target as the client wrote it, checked before any URL parser sees it: `new URL()`
 * resolves `..` and `\`, so a check on the parsed path cannot tell `/a/../b` from `/b`.
 */
import type { ServerRequest } from 'srvx';
import { decodeSegment, leavesFolder } from './url-path.ts';

/** The request target as the client sent it, where the request came through a Node socket (srvx's `runtime.node.req`). */
export function sentTarget(request: Request): string | undefined {
  return (request as ServerRequest).runtime?.node?.req?.url;
}

/** Scheme and authority of an absolute-form target (`http://host/path`), which the path follows. */
const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * Whether a raw request target may be served: `false` for malformed percent-encoding, control
 * characters, and `.` or `..` segments, written plainly or percent-encoded (decoded exactly once;
 * `/` and `\` inside a decoded segment separate segments too, as a file system would see them).
 *
 * @example isSafeTarget('/api/feed.xml?page=2') // true
 * @example isSafeTarget('/%2e%2e/etc/passwd') // false
 */
export function isSafeTarget(target: string): boolean {
  return targetProblem(target) === undefined;
}

/**
 * Why a raw request target may not be served (see {@link isSafeTarget}), as the `400` answer says it;
 * `undefined` when it may. Fixed words: nothing of the request is echoed.
 * @example targetProblem('/a/%2e%2e/b') // 'the path has a `.` or `..` segment ...'
 */
export function targetProblem(target: string): string | undefined {
  if (target === '*') return undefined;
  let path = target;
  if (!path.startsWith('/')) {
    const prefix = absoluteForm.exec(path);
    if (!prefix) return 'the request target is not a path (it must start with /)';
    path = path.slice(prefix[0].length) || '/';
  }
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);

  for (const raw of path.split('/')) {
    const segment = decodeSegment(raw);
    if (segment === undefined) return 'the path has a malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8)';
    if (leavesFolder(segment)) return 'the path has a `.` or `..` segment or a control character, written or percent-encoded: nothing is served outside the site';
  }
  return undefined;
}
