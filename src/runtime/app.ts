/**
 * Runs inside the site's bundle: builds the h3 app from the generated route table.
 * Imports h3 and nothing of the build side.
 */
import { H3, defineEventHandler, defineHandler, defineLazyEventHandler, eventHandler, lazyEventHandler, type H3Config, type H3Event } from 'h3';
import { stackWithCauses } from '../error-stack.ts';
import { isPlainObject, kindOf } from '../value-kind.ts';
import { isPipeable } from './node-stream.ts';
import { nameMissingCopy } from './copied-folders.ts';
import { outcomeKey, type RequestOutcome } from './outcome.ts';
import { routeShape } from './route-shape.ts';
import { normalizePathname } from './url-path.ts';

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
  /** The file's `entries` export, if any: the build calls it to list URLs to prerender; serving ignores it. */
  entries?: unknown;
  /** The file's `cacheKey` export, if any: the build asks it whether a route's data changed; serving ignores it. */
  cacheKey?: unknown;
}

/**
 * The error thrown when a route file's default export (`value`) is not a handler; the build names the
 * file, and the `others` whose default export is none either: each is named in one run.
 */
export class InvalidHandlerError extends Error {
  /** What the file default-exports, in words: `a number (42)`, `an object ({ handler })`. */
  readonly got: string;
  /** The keys of the object's functions, if it is one with any: `exports.handler = ...` made it. */
  readonly functions: string[];

  constructor(
    readonly file: string,
    value: unknown,
    readonly others: InvalidHandlerError[] = [],
  ) {
    const got = exportKind(value);
    super(`Route file ${file} default-exports ${got}, not an event handler.`);
    this.name = 'InvalidHandlerError';
    this.got = got;
    this.functions = isPlainObject(value) ? Object.keys(value).filter((key) => typeof value[key] === 'function') : [];
  }
}

/** The type of a text or empty body whose handler set none (h3 spells it differently per body kind). */
export const textType = 'text/plain; charset=utf-8';
/** The type of a binary or streamed body whose handler set none, so that no response goes out untyped. */
export const binaryType = 'application/octet-stream';

/** The outcome record the prerender handed in with the event's request, if it did. */
function outcomeOf(event: H3Event): RequestOutcome | undefined {
  return (event.context as { [outcomeKey]?: RequestOutcome })[outcomeKey];
}

/** Options of {@link createApp}. */
export interface AppOptions {
  /** Answers a request before the routes do, or lets them (`undefined`): the static files of a build. */
  files?: (event: H3Event) => unknown;
  /**
   * h3's `onError`: what a response to an error a handler threw may be replaced by. `prerender dev`
   * shows an unhandled error's message and stack this way; without it (preview, the built server,
   * the prerender) h3 answers a bare 500 that says nothing of the error.
   */
  onError?: H3Config['onError'];
  /**
   * Prints an error a handler threw and did not handle: what was thrown (the cause of h3's 500), and
   * the request. `prerender dev` sends it to its logger. @default {@link printUnhandled}
   */
  report?: (thrown: unknown, event: H3Event) => void;
  /** Nothing is printed of an error a handler threw: the prerender reports it itself, with the site's frames (prerender/site-trace.ts). @default false */
  silent?: boolean;
}

/**
 * How a server prints an error a handler threw and did not handle: the request, then the stack of what
 * was thrown and of its causes (error-stack.ts). h3 would print its own 500 error as an object, with
 * the message twice (its own, then its cause's) and its empty fields.
 */
export function printUnhandled(thrown: unknown, event: H3Event): void {
  console.error(`error ${event.req.method} ${event.url.pathname}: ${withoutServerFrames(stackWithCauses(thrown))}`);
}

/**
 * A stack without the frames from the call of the route's handler down (`callRouteHandler`, then h3,
 * srvx, the socket): they are the same for every request, and they name the build machine's files.
 * Each cause's stack is cut alike.
 */
function withoutServerFrames(stack: string): string {
  let below = false;
  return stack
    .split('\n')
    .filter((line) => {
      if (!/^\s+at /.test(line)) return !(below = false);
      below ||= /^\s+at (async )?callRouteHandler /.test(line);
      return !below;
    })
    .join('\n');
}

/**
 * The h3 app serving every route of the table, after `options.files` if given. h3 orders matches:
 * static, then parameter, then catch-all. Every request is routed on its normalised path
 * ({@link normalizePathname}), so two spellings of one URL reach one route; HEAD reaches the route
 * GET reaches.
 */
export function createApp(routes: RuntimeRoute[], options: AppOptions = {}): H3 {
  const report = options.silent ? undefined : (options.report ?? printUnhandled);
  const onError: H3Config['onError'] = report
    ? (error, event) => {
        if (error.unhandled) report(error.cause ?? error, event);
        return options.onError?.(error, event);
      }
    : options.onError;
  // h3 prints nothing itself: `report` does (h3's `silent` also mutes its report of an `onDispose`
  // callback that throws, which no route of ours registers).
  const app = new H3({ onRequest: normalizeEventPath, onError, silent: true });
  if (options.files) app.use(options.files);
  const [invalid, ...more] = routes.filter((route) => !isHandler(route.handler));
  if (invalid) throw new InvalidHandlerError(invalid.file, invalid.handler, more.map((route) => new InvalidHandlerError(route.file, route.handler)));
  const heads = new Set(routes.filter((route) => route.method === 'HEAD').map((route) => routeShape(route.path)));
  for (const route of routes) {
    const handler = withDefaultType(route);
    if (route.method) app.on(route.method as Parameters<H3['on']>[0], route.path, handler);
    else app.all(route.path, handler);
    // Without this, h3 tries GET for a HEAD only when no route matched: a method-less route with a
    // parameter beside a GET-only file (`blog/[year].ts`, `blog/latest.get.ts`) would take the HEAD.
    if (route.method === 'GET' && !heads.has(routeShape(route.path))) app.on('HEAD', route.path, handler);
  }
  return app;
}

/** Routes the event on the one spelling of its path; the request keeps the URL the client sent. */
export function normalizeEventPath(event: H3Event): void {
  const pathname = event.url.pathname;
  const normal = normalizePathname(pathname);
  if (normal !== pathname) event.url.pathname = normal;
}

/**
 * The route's handler, which records in the request's {@link RequestOutcome} (when the prerender
 * handed one) that it ran and what it threw, and gives every result a content type when the handler
 * set none: a string or empty result is `text/plain; charset=utf-8`, bytes and streams (web or Node)
 * are `application/octet-stream`. h3's `fetch` leaves the type out for bytes and streams, and a
 * prerendered file must record exactly what is served. A handler that answers at once is answered
 * at once: h3 then makes the response without a promise.
 */
function withDefaultType(route: RuntimeRoute) {
  const handler = route.handler as (event: H3Event) => unknown;
  // rou3 gives `**` both `_` and `"0"`, and nothing when it matches no segment: a handler sees `_` only.
  const unnamedRest = route.path.endsWith('/**');
  // Named: printUnhandled() cuts a stack at its frame.
  return function callRouteHandler(event: H3Event) {
    if (unnamedRest) event.context.params = { _: event.context.params?._ ?? '' };
    const outcome = outcomeOf(event);
    if (outcome) {
      outcome.routed = true;
      outcome.file = route.file;
    }
    const threw = (error: unknown) => {
      nameMissingCopy(error);
      if (outcome) {
        outcome.threw = true;
        outcome.thrown = error;
      }
      throw error;
    };
    let value: unknown;
    try {
      value = handler(event);
    } catch (error) {
      threw(error);
    }
    if (isThenable(value)) return Promise.resolve(value).then((resolved) => typedResult(event, route.file, outcome, resolved), threw);
    return typedResult(event, route.file, outcome, value);
  };
}

/** What a handler of `file` returned, with the type it must carry (see withDefaultType), noted in `outcome`. */
function typedResult(event: H3Event, file: string, outcome: RequestOutcome | undefined, value: unknown): unknown {
  // h3 types it (JSON, a typed Blob): the response headers are left alone, not even made.
  if (!(value instanceof Response) && defaultType(value) === undefined) {
    if (outcome) outcome.returned = { value, file, typed: true };
    return value;
  }
  const typed = event.res.headers.has('content-type');
  if (outcome) outcome.returned = { value, file, typed };
  if (typed) return value;
  if (value instanceof Response) return typedResponse(value);
  event.res.headers.set('content-type', defaultType(value)!);
  return value;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** The type h3 would not set for this result; `undefined` where h3 sets one (JSON, typed Blob). */
function defaultType(value: unknown): string | undefined {
  if (value === undefined || value === null || typeof value === 'string') return textType;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer || value instanceof ReadableStream) return binaryType;
  if (value instanceof Blob && !value.type) return binaryType;
  if (isPipeable(value)) return binaryType;
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

/**
 * h3's functions that make a handler, by name: `export default defineEventHandler;` is a function
 * h3 would call with the event, answering 200 with what it makes of it (the text "NoHandler()").
 */
const handlerMakers = new Map<unknown, string>([
  // Aliases of one function name it by the last: the name the README and h3's guides write.
  [eventHandler, 'eventHandler'],
  [defineHandler, 'defineHandler'],
  [defineEventHandler, 'defineEventHandler'],
  [lazyEventHandler, 'lazyEventHandler'],
  [defineLazyEventHandler, 'defineLazyEventHandler'],
]);

/** Whether a route file's default export is an event handler: a function, not h3's maker of one. */
const isHandler = (value: unknown): boolean => typeof value === 'function' && !handlerMakers.has(value);

/** A default export that is no handler, as its error says it: `a number (42)`, `an object ({ handler })`. */
function exportKind(value: unknown): string {
  const factory = handlerMakers.get(value);
  if (factory) return `h3's ${factory} itself, not called (write export default ${factory}((event) => ...))`;
  if (!isPlainObject(value)) return kindOf(value);
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty object' : `an object ({ ${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', ...' : ''} })`;
}
