/**
 * Vite's servers are Connect apps of Node `(req, res, next)` middleware; our servers are Fetch
 * handlers. This is the one bridge: srvx (the socket layer of every other server of ours) turns the
 * Node request into a Fetch `Request` and writes the `Response` back, after the same checks
 * `listen()` makes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { defaultBodyLimit, plain, refuse } from '../runtime/listen.ts';

/** A Connect middleware, as Vite's `server.middlewares.use()` takes it. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Answers a request, or returns `undefined` to hand it on to the next middleware (Vite's own). */
export type PartialHandler = (request: Request) => Promise<Response | undefined>;

/** Options of {@link toNodeMiddleware}. */
export interface NodeMiddlewareOptions {
  /** Requests it must answer (never hand on), checked before `handle` runs. */
  owns(pathname: string): boolean;
  /** Receives errors no handler caught; the client gets a bare `500`. */
  onError(error: unknown): void;
}

/** Runs `handle` inside a Node server: what it answers is sent, what it leaves goes to `next`. */
export function toNodeMiddleware(handle: PartialHandler, options: NodeMiddlewareOptions): NodeMiddleware {
  return (req, res, next) => {
    const request = new NodeRequest({ req, res, maxRequestBodySize: defaultBodyLimit });
    const answer = async (): Promise<Response | undefined> => {
      const owned = options.owns(new URL(request.url).pathname);
      if (owned) {
        const refused = refuse(request, defaultBodyLimit);
        if (refused) return refused;
      }
      try {
        return (await handle(request)) ?? (owned ? plain(404, 'Not Found') : undefined);
      } catch (error) {
        if ((error as { code?: unknown })?.code === 'ERR_BODY_TOO_LARGE') return plain(413, 'Content Too Large', { connection: 'close' });
        options.onError(error);
        return plain(500, 'Internal Server Error');
      }
    };
    answer()
      .then((response) => (response ? sendNodeResponse(res, response) : next()))
      .catch((error: unknown) => {
        // A response already on its way (the client went away mid-body) can only be cut short.
        if (!res.headersSent) return next(error);
        options.onError(error);
        res.destroy();
      });
  };
}
