/**
 * The one socket layer of the built server, `prerender preview` and `prerender dev`, so all three
 * accept and refuse requests alike: raw request targets are checked before URL parsing, request
 * bodies are capped, and unhandled errors are logged, never sent.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server as HttpServer } from 'node:http';
// The Node adapter by name: a site's own node-resolve may lack the 'node' export condition.
import type { ServerMiddleware } from 'srvx';
import { serve } from 'srvx/node';
import { trackRequests } from './connections.ts';
import { sentTarget, targetProblem } from './request-target.ts';

/** The request body limit when none is given: 1 MiB. */
export const defaultBodyLimit = 1024 * 1024;

/** Where and how to listen. */
export interface ServeOptions {
  /** @default 3000 */
  port?: number;
  /** @default all interfaces */
  host?: string;
  /**
   * Largest request body in bytes. A larger `content-length` gets `413` before any handler runs; a
   * larger streamed body fails with `413` when a handler reads it (`readBody`). The built server reads
   * it from the `BODY_LIMIT` environment variable.
   * @default 1048576 (1 MiB)
   */
  bodyLimit?: number;
  /** Receives errors no handler caught; the client gets a bare `500`. @default their stack on stderr */
  onError?: (error: unknown) => void;
  /**
   * srvx middleware, run on every request before the checks and the handler: `prerender preview`
   * logs each request this way (server/request-log.ts), the handler being the bundle's own.
   */
  middleware?: ServerMiddleware[];
}

/** How {@link RunningServer.close} treats the requests in flight. */
export interface CloseOptions {
  /**
   * Let the requests in flight finish, each answered with `Connection: close`; connections without
   * one (idle keep-alive, connected but silent, half a request sent) close at once. Without it every
   * connection is cut. Either way no new connection is accepted from the call on.
   * @default false
   */
  graceful?: boolean;
}

/**
 * A listening server. `close()` is safe to call more than once: a call that is not graceful cuts
 * what a graceful one is still waiting for, and every call resolves when the server is closed.
 */
export interface RunningServer {
  url: string;
  close(options?: CloseOptions): Promise<void>;
}

/** A request handler in the Fetch API's terms. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * A Node response whose status line always has a reason phrase. srvx writes the head with the
 * Response's statusText, which is `''` for a Response made without one (most: h3's, ours), and Node
 * then sends `HTTP/1.1 200 ` with nothing after the code; without it, Node writes its own for the code
 * (`OK`). Node's `ServerResponse` option of `createServer` is the place for it (srvx has no option).
 */
class ReasonedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(status: number, reason?: string, headers?: Head): this;
  override writeHead(status: number, headers?: Head): this;
  override writeHead(status: number, reason?: string | Head, headers?: Head): this {
    // Node reads the second argument as the reason when it is a string, else as the headers.
    return reason === '' ? super.writeHead(status, headers) : super.writeHead(status, reason as string, headers);
  }
}

/** The headers `writeHead` takes: an object, or a flat list of names and values. */
type Head = OutgoingHttpHeaders | OutgoingHttpHeader[];

/** Listens on a socket and answers with `fetch`, after the checks every server shares. */
export async function listen(fetch: FetchHandler, options: ServeOptions = {}): Promise<RunningServer> {
  const limit = options.bodyLimit ?? defaultBodyLimit;
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new TypeError(`The request body limit must be a whole number of bytes, got ${String(options.bodyLimit)}.`);
  }
  const report = options.onError ?? ((error: unknown) => console.error(error));
  const server = serve({
    fetch: (request) => refuse(request, limit) ?? fetch(request),
    middleware: options.middleware,
    error: (error) => {
      // A body over the limit, read by a handler that let the error through, is the client's fault.
      if ((error as { code?: unknown })?.code === 'ERR_BODY_TOO_LARGE') return plain(413, 'Content Too Large', { connection: 'close' });
      report(error);
      return plain(500, 'Internal Server Error');
    },
    maxRequestBodySize: limit,
    port: options.port ?? 3000,
    hostname: options.host,
    silent: true,
    // Signals are the program's to handle (runtime/shutdown.ts), not a library server's.
    gracefulShutdown: false,
    // Passed to Node's http.createServer: the class each response is made of.
    node: { ServerResponse: ReasonedResponse },
  });
  await server.ready();
  // Plain HTTP: no TLS options are ever passed.
  const node = server.node!.server as HttpServer;
  const connections = trackRequests(node);
  let closing: Promise<void> | undefined;
  return {
    url: server.url!,
    close(options = {}) {
      closing ??= server.close(false);
      if (options.graceful) connections.drain();
      else node.closeAllConnections();
      return closing;
    },
  };
}

/**
 * The answer to a request no handler may see (an unsafe raw target, a declared body over `limit`),
 * else `undefined`. Every socket that serves routes asks this first, the Vite plugin's too.
 */
export function refuse(request: Request, limit: number): Response | undefined {
  const target = sentTarget(request);
  const problem = target === undefined ? undefined : targetProblem(target);
  if (problem !== undefined) return plain(400, `Bad Request: ${problem}.\n`);
  const length = request.headers.get('content-length');
  if (length && /^\d+$/.test(length) && Number(length) > limit) {
    // The body is never read: close the connection rather than drain it.
    return plain(413, 'Content Too Large', { connection: 'close' });
  }
  return undefined;
}

/** A plain-text answer that echoes nothing of the request. */
export function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}
