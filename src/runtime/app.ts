/**
 * Runs inside the site's bundle: builds the h3 app from the generated route table.
 * Imports h3 and nothing of the build side.
 */
import { H3, type H3Event } from 'h3';

/** One entry of the route table the generated entry module passes in. */
export interface RuntimeRoute {
  /** Upper-case method, or `''` for every method. */
  method: string;
  /** Router pattern, such as `/api/v1/users/:id`. */
  path: string;
  /** Route file relative to routesDir, named in errors. */
  file: string;
  /** The file's default export. */
  handler: unknown;
}

/** The error thrown when a route file's default export is not a handler; the build names the file. */
export class InvalidHandlerError extends Error {
  constructor(
    readonly file: string,
    readonly got: string,
  ) {
    super(`Route file ${file} default-exports ${got}, not an event handler.`);
    this.name = 'InvalidHandlerError';
  }
}

/** The h3 app serving every route of the table. h3 orders matches: static, then parameter, then catch-all. */
export function createApp(routes: RuntimeRoute[]): H3 {
  const app = new H3();
  for (const route of routes) {
    const handler = withTextType(route);
    if (route.method) app.on(route.method as Parameters<H3['on']>[0], route.path, handler);
    else app.all(route.path, handler);
  }
  return app;
}

/**
 * A string result without a content type is sent as `text/plain; charset=utf-8`. h3's `fetch` leaves
 * the type out where a Node server would add one, and prerendered files must match what is served.
 */
function withTextType(route: RuntimeRoute) {
  const handler = route.handler;
  if (typeof handler !== 'function') {
    throw new InvalidHandlerError(route.file, handler === null ? 'null' : typeof handler);
  }
  return async (event: H3Event) => {
    const value = await handler(event);
    if (typeof value === 'string' && !event.res.headers.has('content-type')) {
      event.res.headers.set('content-type', 'text/plain; charset=utf-8');
    }
    return value;
  };
}
