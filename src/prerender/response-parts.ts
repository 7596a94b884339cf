/**
 * A route's response taken apart as the built server sends it. h3 answers with srvx's Node response,
 * which keeps a string or byte body as it is; the built server (srvx's Node adapter) writes it from
 * `_toNodeResponse()`, its parts, without making a web Response and its stream. The prerender takes
 * the same parts: what it writes is what the server sends, and a route costs a third less (the
 * stream was most of reading a small body: bench/RESULTS.md). Any other Response is read as one.
 */
import { PassThrough, Readable } from 'node:stream';
import { isPipeable } from '../runtime/node-stream.ts';

/** A response's status, headers and body, the body not read yet. */
export interface ResponseParts {
  status: number;
  statusText: string;
  headers: Headers;
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

/** What srvx's Node response gives the Node adapter: headers as name, value, name, value, … */
interface NodeParts {
  status: number;
  statusText: string;
  headers: string[];
  body: unknown;
}

/** `response`'s parts; its body is then owned by the caller, who must read or cancel it. */
export function responseParts(response: Response): ResponseParts {
  const toNode = (response as { _toNodeResponse?: () => NodeParts })._toNodeResponse;
  if (typeof toNode !== 'function') return { status: response.status, statusText: response.statusText, headers: response.headers, body: response.body };
  const parts = toNode.call(response);
  const headers = new Headers();
  for (let i = 0; i + 1 < parts.headers.length; i += 2) headers.append(parts.headers[i], parts.headers[i + 1]);
  return { status: parts.status, statusText: parts.statusText, headers, body: bodyOf(parts.body) };
}

function bodyOf(body: unknown): ResponseParts['body'] {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream) return body as ResponseParts['body'];
  // A Node stream (a handler returned one), which the server pipes: read as a web stream.
  if (isPipeable(body)) return Readable.toWeb(body instanceof Readable ? body : body.pipe(new PassThrough())) as ReadableStream<Uint8Array>;
  throw new TypeError(`the response body is a ${Object.prototype.toString.call(body)}, which the server cannot send`);
}
