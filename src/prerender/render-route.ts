import type { H3EventContext } from 'h3';
import { isJsonFeed } from '../checks/check-json-feed.ts';
import { messageOf, messageWithCauses } from '../errors.ts';
import { withEscapes } from '../with-escapes.ts';
import { relativeMiss } from '../errors/relative-miss.ts';
import { carriedHeaders, type CarriedHeader } from '../output/carried-headers.ts';
import { outcomeKey, type RequestOutcome } from '../runtime/outcome.ts';
import { BodyBoundError, bodyTimedOut, cancelSoon, readBody, type BodyBounds, type BodyReading } from './read-body.ts';
import { isPlainData, resultMistake, statusMistake, type ResultMistake } from './handler-result.ts';
import { responseParts, type ResponseParts } from './response-parts.ts';
import { routeRequest } from './route-request.ts';
import { unsendableJson } from './unsendable-json.ts';

/** The URL the prerender requests `route` at (a root-relative path): every check of a route asks the same. */
export const routeUrl = (route: string): URL => new URL(route, 'http://localhost');

/**
 * A route's response, read whole (with what its handler returned amiss: handler-result.ts; `stringified`:
 * its body is h3's `JSON.stringify` of the plain object or array the handler returned, JSON by
 * construction), or why it failed; a failure carries what deciding on a retry needs
 * (retry.ts): the response's `Retry-After`, and whether the route ran past the timeout; whether
 * no route's handler ran at all (`unrouted`: a listed route no route file matches, a crawled link to
 * skip); and what the handler threw, when that was no HTTP error of h3's (`thrown`: its stack is the site's).
 */
export type Rendered =
  | { ok: true; status: number; contentType: string; headers: CarriedHeader[]; body: Uint8Array; ms: number; mistake?: ResultMistake; routeFile?: string; stringified?: true }
  | { ok: false; status: number; error: string; ms: number; retryAfter?: string; timedOut?: true; unrouted?: true; thrown?: unknown; routeFile?: string };

/** The context a route is requested with: the record the runtime fills in (runtime/app.ts). */
export type RouteContext = H3EventContext & { [outcomeKey]: RequestOutcome };

/**
 * The routes of the built bundle, without the static files, taking h3's per-request context: the
 * bundle's `app.request(request, undefined, context)`.
 */
export type RouteHandler = (request: Request, context: RouteContext) => Response | Promise<Response>;

/** What bounds one route: `prerender.timeout` (ms) and `prerender.maxBodySize` (bytes). */
export interface RouteBounds {
  timeout: number;
  maxBodySize: number;
}

/**
 * GETs one route in-process with the `x-prerender: 1` header and reads the whole body. A response
 * that is not 2xx, a throw, a route (or its body) slower than `timeout` ms, or a body larger than
 * `maxBodySize` is a failure; a body still streaming then is cancelled, so a stream that never ends
 * holds neither the build nor its memory. An abort of `signal` ends it the same way, at once.
 * A handler that answered at once, with a string or bytes, is read at once, and its route given
 * back as it is: no timer, no listener, no promise (most routes of a large site; see below).
 */
export function renderRoute(handle: RouteHandler, route: string, bounds: RouteBounds, signal?: AbortSignal): Rendered | Promise<Rendered> {
  const start = performance.now();
  const { request, abandon, askedForNodeResponse } = routeRequest(route);
  const pending: BodyReading = {};
  const body = { deadline: start + bounds.timeout, timeout: bounds.timeout, maxBytes: bounds.maxBodySize };
  const outcome: RequestOutcome = { routed: false };
  let read: Rendered | Promise<Rendered>;
  try {
    read = readResponse(handle, request, route, start, body, pending, outcome, askedForNodeResponse);
  } catch (error) {
    return failedRoute(error, error instanceof BodyBoundError && error.timedOut, start, outcome);
  }
  // Answered and read at once: nothing can time out or be cut short any more. On the bench's
  // catalogue the timer, the abort listener and the promise each route made for its bounds were
  // some 4% of the prerender's time, and a promise is more work again while the cache tracks reads
  // (an async hook sees every promise made: read-tracker.ts).
  if (!(read instanceof Promise)) return read;
  return whicheverFirst(read, { start, bounds, pending, signal, abandon, outcome });
}

/**
 * The route ran out of time, or its body of bounds, or threw, or its body broke off as it was read
 * (`terminated`, caused by the upstream server that closed the socket of a fetched body it passed on):
 * the handler named no place, its file does.
 */
function failedRoute(error: unknown, timedOut: boolean, start: number, outcome: RequestOutcome): Rendered {
  const failure: Rendered = { ok: false, status: 0, error: withEscapes(messageWithCauses(error)), ms: performance.now() - start };
  if (timedOut) failure.timedOut = true;
  if (outcome.file !== undefined) failure.routeFile = outcome.file;
  return failure;
}

/** What {@link whicheverFirst} needs of the route under way. */
interface Pending {
  start: number;
  bounds: RouteBounds;
  pending: BodyReading;
  signal: AbortSignal | undefined;
  abandon: () => void;
  outcome: RequestOutcome;
}

/** The route's answer still to come, settled by whichever comes first: the response read, the timeout (counted from the route's start), the abort. */
function whicheverFirst(read: Promise<Rendered>, { start, bounds, pending, signal, abandon, outcome }: Pending): Promise<Rendered> {
  const failed = (error: unknown, timedOut: boolean) => failedRoute(error, timedOut, start, outcome);
  const { timeout } = bounds;
  return new Promise<Rendered>((resolve) => {
    let settled = false;
    const finish = (rendered: Rendered) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve(rendered);
    };
    const giveUp = (error: unknown, timedOut: boolean) => {
      if (settled) return;
      abandon();
      if (pending.reader) cancelSoon(pending.reader, error);
      finish(failed(error, timedOut));
    };
    const timer = setTimeout(
      () => giveUp(pending.reader ? bodyTimedOut(timeout) : new Error(`did not respond within ${timeout} ms (prerender.timeout): its handler is still waiting (on a promise that never settles, or on work that takes longer); give what it waits for a time limit, or raise prerender.timeout if the route takes longer`), true),
      Math.max(0, start + timeout - performance.now()),
    );
    const stop = () => giveUp(signal!.reason, false);
    signal?.addEventListener('abort', stop, { once: true });
    read.then(finish, (error: unknown) => finish(failed(error, error instanceof BodyBoundError && error.timedOut)));
  });
}

/** The route's response read whole: at once when the handler answered at once with a string or bytes. */
function readResponse(
  handle: RouteHandler,
  request: Request,
  route: string,
  start: number,
  bounds: BodyBounds,
  pending: BodyReading,
  outcome: RequestOutcome,
  askedForNodeResponse: () => boolean,
): Rendered | Promise<Rendered> {
  // Null-prototype, as the context h3 makes for a request the server receives.
  const context: RouteContext = Object.assign(Object.create(null) as H3EventContext, { [outcomeKey]: outcome });
  const answered = handle(request, context);
  const withResponse = (response: Response) => {
    const parts = responseParts(response);
    const body = readBody(parts.body, bounds, pending);
    const read = (bytes: Uint8Array) => rendered(parts, bytes, route, start, outcome, askedForNodeResponse);
    return body instanceof Promise ? body.then(read) : read(body);
  };
  return answered instanceof Promise ? answered.then(withResponse) : withResponse(answered);
}

/** What a response read whole makes of the route. */
function rendered(response: ResponseParts, body: Uint8Array, route: string, start: number, outcome: RequestOutcome, askedForNodeResponse: () => boolean): Rendered {
  const ms = performance.now() - start;
  const { status } = response;
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    const instead = `list ${location ? `${location}, where it redirects,` : 'the URL it redirects to'} in its place, and redirect in the host's rules (a _redirects file on Netlify and Cloudflare Pages, vercel.json on Vercel)`;
    return { ok: false, status, error: `redirects${location ? ` to ${location}` : ''} (status ${status}); a static file cannot redirect: ${instead}`, ms };
  }
  if (status < 200 || status >= 300) {
    const returned = returnedError(outcome);
    const unsendable = status === 500 && outcome.thrown === undefined ? unsendableJson(outcome.returned?.value) : undefined;
    const error = returned ? `the handler returned ${returned.name}: ${returned.message}, which h3 answers as a thrown one` : (unsendable ?? failureMessage(response, body, outcome, askedForNodeResponse()));
    const failed: Rendered = { ok: false, status, error, ms };
    const thrown = outcome.thrown ?? returned;
    if (thrown !== undefined && !isHttpError(thrown)) failed.thrown = thrown;
    // The route's file, named where no stack names a place of the site's: an error it threw without
    // one (Node 26's `fs/promises` errors have no frame), or an HTTP error it answered (a 404).
    if (outcome.file !== undefined && outcome.routed) failed.routeFile = outcome.file;
    // No handler ran: the router found no route for the path (404), or none for GET (h3 may say 405).
    if ((status === 404 || status === 405) && !outcome.routed) failed.unrouted = true;
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter !== null) failed.retryAfter = retryAfter;
    return failed;
  }
  // The runtime gives every response a type; this only covers a bundle built otherwise.
  const contentType = response.headers.get('content-type') || 'application/octet-stream';
  const result: Rendered = { ok: true, status, contentType, headers: carriedHeaders(response.headers), body, ms, routeFile: outcome.returned?.file };
  const mistake = resultMistake(route, outcome.returned) ?? statusMistake(status, outcome.returned?.file ?? outcome.file);
  if (mistake) result.mistake = mistake;
  // Empty: a toJSON that gave undefined, which JSON.stringify makes no text of. A JSON Feed is read
  // all the same: the checks look into it.
  const value = outcome.returned?.value;
  if (isPlainData(value) && body.byteLength > 0 && !isJsonFeed(contentType, value)) result.stringified = true;
  return result;
}

/** An Error the handler returned rather than threw (no HTTP error of h3's, whose own status and message answer): h3 answers it with a bare 500. */
function returnedError(outcome: RequestOutcome): Error | undefined {
  const value = outcome.thrown === undefined ? outcome.returned?.value : undefined;
  return value instanceof Error && !isHttpError(value) ? value : undefined;
}

/**
 * The message of an error response: what the handler threw when that was not an h3 error (h3 answers
 * those with a bare "HTTPError"), else h3's JSON error body, else the status text.
 */
function failureMessage(response: ResponseParts, body: Uint8Array, outcome: RequestOutcome, askedForNodeResponse: boolean): string {
  const { thrown } = outcome;
  if (thrown instanceof Error && !isHttpError(thrown)) {
    return `the handler threw ${thrown.name}: ${withEscapes(thrown.message)}${relativeMiss(thrown)}${commonJsName(thrown)}${askedForNodeResponse && thrown instanceof TypeError ? noNodeResponse : ''}`;
  }
  // Not an Error at all (`throw 'no data'`, `throw undefined`): h3's body says only "HTTPError".
  if (outcome.threw && !(thrown instanceof Error)) return `the handler threw ${typeof thrown === 'string' ? JSON.stringify(thrown) : withEscapes(messageOf(thrown))}, not an Error`;
  try {
    const json = JSON.parse(new TextDecoder().decode(body)) as { message?: unknown };
    if (typeof json.message === 'string' && json.message) return json.message;
  } catch {
    // Not JSON: fall back to the status text.
  }
  return response.statusText || `HTTP ${response.status}`;
}

/** What ES modules use in place of CommonJS's names, which a route file (an ES module) does not have. */
const esmEquivalents = new Map([
  // Not import.meta.dirname: the route runs from the bundle (dist/<name>/server/), and a file named by
  // it would be looked for there; a URL of import.meta.url is copied beside the bundle (asset-urls.ts).
  ['__dirname', "new URL('./data.json', import.meta.url) to name a file beside the route file (the build copies it beside the bundle)"],
  ['__filename', 'import.meta.filename'],
  ['require', "import (or createRequire(import.meta.url) from 'node:module')"],
]);

/**
 * What to add to the ReferenceError of a CommonJS name used in an ES module (`__dirname is not
 * defined`, V8's words): the type check passes it, as @types/node declares those names.
 */
function commonJsName(error: Error): string {
  const name = error instanceof ReferenceError ? /^(\w+) is not defined$/.exec(error.message)?.[1] : undefined;
  const instead = name === undefined ? undefined : esmEquivalents.get(name);
  return instead ? ` (route files are ES modules, which have no ${name}: use ${instead})` : '';
}

/**
 * What to add to a TypeError of a handler during which Node's response was asked for: h3 v1's way to
 * set headers (`event.node.res.setHeader()`, as its guides and Nitro 2's examples show), which
 * `prerender dev` and the built server, both Node, have, and the prerender does not. Worded as an
 * "if": srvx asks for it too, as it makes `event.req.signal`.
 */
const noNodeResponse =
  " (event.node.res, Node's response, is undefined while prerendering, as on any host that is not Node: if the handler uses it, set headers with setHeader(event, name, value) or event.res.headers.set(name, value), the status with event.res.status = 201, and return the body)";

/** An error h3 answers with its own status and message (`createError`, `HTTPError`): the handler's answer, not a crash. */
const isHttpError = (thrown: unknown): boolean => thrown instanceof Error && 'status' in thrown;
