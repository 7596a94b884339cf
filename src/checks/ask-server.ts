/**
 * The last step of the link check: a link whose target is no file of `public/` is asked of the built
 * server in-process, as the prerender asks a route (render-route.ts: a GET with `x-prerender: 1` and
 * the per-request context, bounded by `prerender.timeout` and `maxBodySize`, retried as
 * `prerender.retry` says). Nothing is written; only a 2xx answer makes the link good, and not even
 * that for a host that serves files alone (a static preset's: GitHub Pages runs no route).
 */
import type { RetryPolicy } from '../config/types.ts';
import type { PendingLink } from './link-check.ts';
import { runPool } from '../prerender/pool.ts';
import { renderRoute, type RouteBounds, type RouteHandler } from '../prerender/render-route.ts';
import { renderWithRetry } from '../prerender/retry.ts';

/** A link that reaches no file, and no 2xx of the server either unless the host serves files alone. */
export interface BrokenLink extends PendingLink {
  /** The server's status; 0 when there was none (the handler threw, or ran past the timeout). */
  status: number;
  /** Why: the server's failure, or `undefined` when no route file serves the path at all. */
  error?: string;
  /** The host the output is for, which serves its files alone, when the server answered 2xx: a route answers the link, the host will not. */
  filesOnly?: string;
}

/** What asking the server needs; narrow on purpose. */
export interface AskServerOptions {
  /** The built bundle's routes (its `app.request`), as the prerender calls them. */
  request: RouteHandler;
  bounds: RouteBounds;
  retry: RetryPolicy | undefined;
  concurrency: number;
  signal?: AbortSignal;
  /** The host the output is for when it serves files alone (a static preset's): a 2xx of the server is broken there too. */
  filesOnly?: string;
}

/**
 * Asks the server for each target, `concurrency` at once; the broken ones, in the order given. Those
 * a route answered (2xx), where the host runs the routes, go to `onServed` as they come.
 */
export async function askServer(targets: readonly PendingLink[], options: AskServerOptions, onServed?: (link: PendingLink) => void): Promise<BrokenLink[]> {
  const { request, bounds, retry } = options;
  const broken: (BrokenLink | undefined)[] = [];
  await runPool(
    targets,
    options.concurrency,
    async (pending, index, signal) => {
      signal.throwIfAborted();
      const { rendered } = await renderWithRetry(() => renderRoute(request, pending.target, bounds, signal), retry, signal);
      signal.throwIfAborted();
      if (rendered.ok) {
        if (options.filesOnly !== undefined) broken[index] = { ...pending, status: rendered.status, filesOnly: options.filesOnly };
        else onServed?.(pending);
        return;
      }
      broken[index] = rendered.unrouted ? { ...pending, status: rendered.status } : { ...pending, status: rendered.status, error: rendered.error };
    },
    options.signal,
  );
  return broken.filter((link) => link !== undefined);
}
