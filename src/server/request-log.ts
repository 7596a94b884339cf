import type { ServerMiddleware } from 'srvx';
import type { FetchHandler } from '../runtime/index.ts';
import type { Logger } from '../log.ts';

/**
 * Wraps `fetch` so that every request prints one line: method, path, status, milliseconds until the
 * response began. The path is the parsed URL's, so control characters arrive percent-encoded and
 * cannot reach the terminal raw.
 * @example GET /api/v1/hello 200 3ms
 */
export function withRequestLog(fetch: FetchHandler, logger: Logger): FetchHandler {
  return async (request) => {
    const started = performance.now();
    const { pathname, search } = new URL(request.url);
    const line = (status: number | string) => `${request.method} ${pathname}${search} ${status} ${Math.round(performance.now() - started)}ms`;
    try {
      const response = await fetch(request);
      logger.info(line(response.status));
      return response;
    } catch (error) {
      // The socket layer answers 500 and reports the error itself.
      logger.info(line(500));
      throw error;
    }
  };
}

/**
 * {@link withRequestLog} as srvx middleware, for a server whose handler is built elsewhere: `prerender
 * preview` serves with the bundle's own. Requests the socket layer refuses (400, 413) are logged too.
 */
export function requestLog(logger: Logger): ServerMiddleware {
  return (request, next) => withRequestLog(next, logger)(request);
}
