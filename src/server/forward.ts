/**
 * How the dev server reaches the thread serving a build: over a real HTTP socket, as Nitro reaches
 * its dev worker. The request target, headers and body bytes go through as the client sent them, so
 * the build's own server (the built server's socket layer, src/runtime/listen.ts) parses, limits and
 * answers them exactly as production does: a body over the limit gets h3's own 413.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ServerRequest } from 'srvx';

/** Headers about one connection rather than the request: each hop sets its own. */
const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection']);

/** Statuses whose response has no body (the Response constructor refuses one). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * Sends `request` to the server on `127.0.0.1:port` and resolves with its answer, whose body streams
 * as it comes. `onEnd` is called once that answer is over (read whole, or cut). A client that goes
 * away cuts the forwarded request too.
 */
export function forward(request: Request, port: number, onEnd: () => void): Promise<Response> {
  const node = (request as ServerRequest).runtime?.node?.req;
  const url = new URL(request.url);
  const headers = node ? withoutHopHeaders(node.rawHeaders) : withoutHopHeaders([...request.headers].flat());
  // Kept alive for the thread's server, so that it does not close the socket while part of a body
  // it refused (413) is still on its way: that close would reset the connection and lose the answer.
  headers.push('connection', 'keep-alive');
  return new Promise((resolve, reject) => {
    // A connection of its own, ended with the answer: a reused socket the thread's server just
    // timed out would fail a request that did nothing wrong.
    const upstream = httpRequest({ host: '127.0.0.1', port, method: request.method, path: node?.url ?? url.pathname + url.search, headers, agent: false }, (answer) => {
      answer.once('end', () => upstream.destroy());
      resolve(toResponse(answer, request.method));
    });
    // Closed once the answer is read whole or the connection is cut, whichever comes first.
    upstream.once('close', onEnd);
    // On `on`, not `once`: a thread that answered early (a 413) and closed may fail a later write too.
    upstream.on('error', (error) => (request.signal.aborted ? resolve(clientGone()) : reject(error)));
    // The handler sees its request end, as in production when a client goes away.
    request.signal.addEventListener('abort', () => upstream.destroy(), { once: true });
    if (request.method === 'GET' || request.method === 'HEAD') return void upstream.end();
    const body = node ?? (request.body ? Readable.fromWeb(request.body as NodeReadableStream) : undefined);
    if (body) body.pipe(upstream);
    else upstream.end();
  });
}

/** What the request log shows for a client that went away before its answer (nginx's 499). */
function clientGone(): Response {
  return new Response(null, { status: 499, statusText: 'Client Closed Request' });
}

function toResponse(answer: IncomingMessage, method: string): Response {
  const status = answer.statusCode ?? 500;
  const headers = new Headers();
  const raw = withoutHopHeaders(answer.rawHeaders);
  // Appended one by one: every `set-cookie` stays a header of its own.
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const empty = method === 'HEAD' || nullBodyStatuses.has(status);
  if (empty) answer.resume();
  const body = empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: answer.statusMessage, headers });
}

/** Raw header pairs (`[name, value, name, value, ...]`) without the hop-by-hop ones. */
function withoutHopHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!hopHeaders.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}
