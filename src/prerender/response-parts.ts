/**
 * A route's response taken apart as the built server sends it. h3 answers with srvx's Node response,
 * which keeps a string or byte body as it is, and srvx's Node server writes it from the parts its
 * `_toNodeResponse()` gives, without making a web Response and its stream. The prerender takes the
 * same parts, so what it writes is what the server sends. No other public API of h3 or srvx gives the
 * body unread, and reading it as a web Response (its `body` stream, or `arrayBuffer()`) made the
 * prerender cost 1.2 to 3 times the CPU (bench/RESULTS.md, "The request path"). The method is declared
 * on the type srvx publishes for its Node response, by which this module reads it.
 * Any other Response is read as one.
 */
import { PassThrough, Readable } from 'node:stream';
import type { NodeResponse } from 'srvx/node';
import { isPipeable } from '../runtime/node-stream.ts';

/**
 * Headers as the prerender reads them: one by name (repeated ones joined by `, `), or all, as `Headers`
 * gives them but in no set order (`Headers` sorts by name; whoever needs an order sorts: carried-headers.ts).
 */
export interface ResponseHeaders extends Iterable<[name: string, value: string]> {
  get(name: string): string | null;
}

/** A response's status, headers and body, the body not read yet. */
export interface ResponseParts {
  status: number;
  statusText: string;
  headers: ResponseHeaders;
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

/** `response`'s parts; its body is then owned by the caller, who must read or cancel it. */
export function responseParts(response: Response): ResponseParts {
  if (!isNodeResponse(response)) return { status: response.status, statusText: response.statusText, headers: response.headers, body: response.body };
  const parts = response._toNodeResponse();
  return { status: parts.status, statusText: parts.statusText, headers: new HeaderPairs(parts.headers), body: bodyOf(parts.body) };
}

/**
 * The flat list of lower-case names and values srvx's Node server writes, read as `Headers` reads
 * the same: no `Headers` made (and each name and value checked again) for every route.
 */
class HeaderPairs implements ResponseHeaders {
  constructor(private readonly list: string[]) {}

  get(name: string): string | null {
    const lower = name.toLowerCase();
    let value: string | null = null;
    for (let i = 0; i + 1 < this.list.length; i += 2) if (this.list[i] === lower) value = value === null ? this.list[i + 1] : `${value}, ${this.list[i + 1]}`;
    return value;
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    const seen = new Set<string>();
    for (let i = 0; i + 1 < this.list.length; i += 2) {
      const name = this.list[i];
      if (seen.has(name)) continue;
      seen.add(name);
      yield [name, this.get(name)!];
    }
  }
}

function isNodeResponse(response: Response): response is NodeResponse {
  return typeof (response as Partial<NodeResponse>)._toNodeResponse === 'function';
}

function bodyOf(body: unknown): ResponseParts['body'] {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream) return body as ResponseParts['body'];
  // A Node stream (a handler returned one), which the server pipes: read as a web stream.
  if (isPipeable(body)) return Readable.toWeb(body instanceof Readable ? body : body.pipe(new PassThrough())) as ReadableStream<Uint8Array>;
  throw new TypeError(`the response body is a ${Object.prototype.toString.call(body)}, which the server cannot send`);
}
