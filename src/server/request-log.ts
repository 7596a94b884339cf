import type { ServerMiddleware } from 'srvx';
import { sentTarget } from '../runtime/request-target.ts';
import type { Logger } from '../log.ts';

/**
 * srvx middleware that prints one line a request: method, target, status, milliseconds until the
 * response began. As middleware it sees the requests the socket layer refuses (400, 413) too. The
 * target is the one the client sent (`/a/../b`, refused with 400, is logged so, not as the `/b` its
 * parsed URL says), every byte but printable ASCII percent-encoded: no control character reaches the
 * terminal raw. A request whose connection closed before its answer began (the client gone, or cut
 * by a shutdown) is logged then, as 499, nginx's "client closed request".
 * @example GET /api/v1/hello 200 3ms
 */
export function requestLog(logger: Logger): ServerMiddleware {
  return async (request, next) => {
    const started = performance.now();
    const target = shownTarget(request);
    let logged = false;
    const log = (status: number | string) => {
      if (logged) return;
      logged = true;
      logger.info(`${request.method} ${target} ${status} ${Math.round(performance.now() - started)}ms`);
    };
    request.signal.addEventListener('abort', () => log(499), { once: true });
    try {
      const response = await next();
      log(response.status);
      return response;
    } catch (error) {
      // The socket layer answers 500 and reports the error itself.
      log(500);
      throw error;
    }
  };
}

/** The request target as sent (Node's, where the request came through a Node socket), else the parsed URL's path and query. */
function shownTarget(request: Request): string {
  const sent = sentTarget(request);
  if (sent === undefined) {
    const { pathname, search } = new URL(request.url);
    return pathname + search;
  }
  // Node reads the target's bytes as Latin-1: a character is a byte.
  return sent.replace(/[^\x21-\x7e]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
