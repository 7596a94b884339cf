/**
 * Vite's servers are Connect apps of Node `(req, res, next)` middleware; our servers are Fetch
 * handlers. This is the one bridge: srvx (the socket layer of every other server of ours) turns the
 * Node request into a Fetch `Request` and writes the `Response` back, after the same checks
 * `listen()` makes.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
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
      .then((response) => (response ? sendNodeResponse(res, withReason(response)) : next()))
      .catch((error: unknown) => {
        // A response already on its way (the client went away mid-body) can only be cut short.
        if (!res.headersSent) return next(error);
        options.onError(error);
        res.destroy();
      });
  };
}

/**
 * `response` with its status's reason phrase, when it has none (as `new Response()` makes them): the
 * status line Vite's server writes is then `HTTP/1.1 500 Internal Server Error`, not `HTTP/1.1 500 `,
 * as our own servers write it (runtime/listen.ts).
 */
function withReason(response: Response): Response {
  const reason = STATUS_CODES[response.status];
  if (response.statusText || !reason) return response;
  return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers });
}
