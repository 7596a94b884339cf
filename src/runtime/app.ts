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

/** The type of a text or empty body whose handler set none (h3 spells it differently per body kind). */
export const textType = 'text/plain; charset=utf-8';
/** The type of a binary or streamed body whose handler set none, so that no response goes out untyped. */
export const binaryType = 'application/octet-stream';

/** What each request's handler threw. Never sent: the response shows nothing of an unhandled error. */
const thrown = new WeakMap<Request, unknown>();

/**
 * What the handler answering `request` threw, if it threw: the prerender names it in the list of
 * failed routes, where h3's response says only "HTTPError".
 */
export function errorOf(request: Request): unknown {
  return thrown.get(request);
}

/** The h3 app serving every route of the table. h3 orders matches: static, then parameter, then catch-all. */
export function createApp(routes: RuntimeRoute[]): H3 {
  const app = new H3();
  for (const route of routes) {
    const handler = withDefaultType(route);
    if (route.method) app.on(route.method as Parameters<H3['on']>[0], route.path, handler);
    else app.all(route.path, handler);
  }
  return app;
}

/**
 * Gives every result a content type when the handler set none: a string or empty result is
 * `text/plain; charset=utf-8`, bytes and streams are `application/octet-stream`. h3's `fetch` leaves
 * the type out for bytes and streams, and a prerendered file must record exactly what is served.
 */
function withDefaultType(route: RuntimeRoute) {
  const handler = route.handler;
  if (typeof handler !== 'function') {
    throw new InvalidHandlerError(route.file, handler === null ? 'null' : typeof handler);
  }
  return async (event: H3Event) => {
    let value: unknown;
    try {
      value = await handler(event);
    } catch (error) {
      thrown.set(event.req, error);
      throw error;
    }
    if (event.res.headers.has('content-type')) return value;
    if (value instanceof Response) return typedResponse(value);
    const type = defaultType(value);
    if (type) event.res.headers.set('content-type', type);
    return value;
  };
}

/** The type h3 would not set for this result; `undefined` where h3 sets one (JSON, typed Blob). */
function defaultType(value: unknown): string | undefined {
  if (value === undefined || value === null || typeof value === 'string') return textType;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof ReadableStream) return binaryType;
  if (value instanceof Blob && !value.type) return binaryType;
  return undefined;
}

/** A Response the handler built itself keeps its status and headers, and gains a type if it has none. */
function typedResponse(response: Response): Response {
  if (response.headers.get('content-type')) return response;
  // The headers of some responses (Response.redirect, fetch results) are immutable: copy them.
  const headers = new Headers(response.headers);
  headers.set('content-type', response.body === null ? textType : binaryType);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
