/**
 * What the prerender learns of a request it made, beyond the response: whether a route's handler was
 * called for it (the crawl follows only links a route serves, and tells "no route has this path" from
 * a handler answering 404 by it), and what the handler threw (named in the list of failed routes,
 * where h3's response says only "HTTPError"). The prerender hands it in h3's per-request context,
 * under {@link outcomeKey}: `app.request(request, undefined, { [outcomeKey]: outcome })`. A module
 * of its own, without h3, so that the build names the key without loading h3.
 */
export interface RequestOutcome {
  /** Whether a route's handler was called (else a 404 or 405 is the router's: no route has the path). */
  routed: boolean;
  /** The route file whose handler was called (relative to routesDir): a route that ran out of time names it. */
  file?: string;
  /** Whether the handler threw: what it threw may be `undefined` itself (`throw undefined`). */
  threw?: true;
  /** What the handler threw, if it threw. */
  thrown?: unknown;
  /**
   * What the handler returned, the route file it is (relative to routesDir), and whether it goes out
   * with a type not of the runtime's default (one the handler set, or h3's own: JSON, a typed Blob):
   * the build warns of a result h3 sends as other than it was likely meant
   * (a Map as the text "[object Map]"; prerender/handler-result.ts).
   */
  returned?: { value: unknown; file: string; typed: boolean };
}

/**
 * The key of a {@link RequestOutcome} in a request's context (`event.context`): a registered symbol,
 * so that the build and the bundle, each with its own copy of this module, name one key, and a
 * route's own keys never meet it.
 */
export const outcomeKey: unique symbol = Symbol.for('api-prerender.outcome');
