/**
 * The request the prerender makes of a route: a Node `IncomingMessage` handed to h3 through srvx's
 * `NodeRequest`, as srvx's Node server (the built server's) hands h3 every request it receives. Its
 * URL, headers and signal are made only when the handler reads them, where a web `Request` builds all
 * three at once (a URL, a header list and an AbortController each): on the bench's catalogue the
 * route's render took half the time this way (4.5-5.1 us against 10.8-14.7 us a route, Node 20).
 */
import { IncomingMessage } from 'node:http';
import { NodeRequest } from 'srvx/node';
import { ownString } from '../own-string.ts';

/** A route's request, and how the prerender gives up on it. */
export interface RouteRequest {
  request: Request;
  /**
   * Gives up on the request (the route's time ran out, the build stopped): the handler's
   * `event.req.signal` aborts, as it does when a client of the server goes away.
   */
  abandon(): void;
  /**
   * Whether Node's response (`event.node.res`) was asked for: the prerender has none, as a fetch-based
   * host has none, where `prerender dev` and the built server (Node) have one. The handler asks, or
   * srvx as it makes `event.req.signal`.
   */
  askedForNodeResponse(): boolean;
}

/** The header every prerender request carries: a route can tell the prerender from a visitor. */
const prerenderHeader = ['x-prerender', '1'];

/** A GET of `route` (a root-relative path) at `http://localhost`, with the `x-prerender: 1` header. */
export function routeRequest(route: string): RouteRequest {
  const message = new IncomingMessage(null as never);
  message.method = 'GET';
  message.url = requestTarget(route);
  message.headers = { host: 'localhost', [prerenderHeader[0]]: prerenderHeader[1] };
  message.rawHeaders = ['host', 'localhost', ...prerenderHeader];
  // A GET has no body: the request is whole as it is made.
  message.complete = true;
  let asked = false;
  const node = {
    req: message,
    get res() {
      asked = true;
      return undefined;
    },
  };
  const request = new NodeRequest(node) as unknown as Request;
  return {
    request,
    askedForNodeResponse: () => asked,
    abandon() {
      message.aborted = true;
      message.destroy();
    },
  };
}

/** A path a URL keeps exactly as written: segments of unreserved characters, none of them `.` or `..`. */
const plainTarget = /^(?:\/[\w~-][\w.~-]*)*\/?$/;

/**
 * `route` as a client sends it (the path and query a URL of it serialises to): a browser's
 * request for the route's URL is what the built server answers. Always a string of its own: the
 * router looks the path up as a property key, and V8 then keeps an internalized copy of the string
 * it was given for as long as that string lives. Given the plan's own string, that was a second copy
 * of every route to the end of the build (32 MB at a million routes); a copy made here dies with the
 * request.
 * @example requestTarget('/api/café') // '/api/caf%C3%A9'
 */
export function requestTarget(route: string): string {
  if (plainTarget.test(route)) return ownString(route);
  const url = new URL(route, 'http://localhost');
  return url.pathname + url.search;
}
