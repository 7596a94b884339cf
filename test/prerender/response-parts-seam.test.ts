/**
 * responseParts (src/prerender/response-parts.ts) reads srvx's Node response through the
 * `_toNodeResponse()` its published type declares, and any other Response as a web Response. This
 * pins that both ways read the same status, headers and body bytes, so a srvx that changed what the
 * method gives fails here, not in a site's output.
 */
import { NodeResponse } from 'srvx/node';
import { describe, expect, it } from 'vitest';
import { responseParts, type ResponseParts } from '../../src/prerender/response-parts.ts';

/** Status, headers (every one, sorted by name; not content-length, which only srvx's parts carry) and body bytes. */
async function readParts(parts: ResponseParts) {
  const body = parts.body;
  const bytes = body === null ? new Uint8Array(0) : typeof body === 'string' ? new TextEncoder().encode(body) : body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
  const headers = [...parts.headers].filter(([name]) => name !== 'content-length').sort(([a], [b]) => (a < b ? -1 : 1));
  return { status: parts.status, statusText: parts.statusText, headers, joined: parts.headers.get('X-Tag'), bytes: [...bytes] };
}

const init = { status: 201, statusText: 'Made', headers: [['content-type', 'application/json'], ['x-tag', 'a'], ['X-Tag', 'b'], ['retry-after', '5']] as [string, string][] };
const stream = () => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode('{"s":')), c.enqueue(new TextEncoder().encode('1}')), c.close()) });

describe("srvx's Node response and a web Response", () => {
  it.each([
    { kind: 'a string', body: () => '{"ü":1}' },
    { kind: 'bytes', body: () => new Uint8Array([123, 125]) },
    { kind: 'a stream', body: stream },
    { kind: 'no body', body: () => null },
  ])('with $kind give the same status, headers and body', async ({ body }) => {
    const fromSrvx = responseParts(new NodeResponse(body(), init) as unknown as Response);
    const fromWeb = responseParts(new Response(body(), init));
    // srvx's read through its parts (no Headers made), the web Response as one.
    expect(fromSrvx.headers).not.toBeInstanceOf(Headers);
    expect(fromWeb.headers).toBeInstanceOf(Headers);
    const read = await readParts(fromSrvx);
    expect(read).toEqual(await readParts(fromWeb));
    expect(read.joined).toBe('a, b');
    expect(read.status).toBe(201);
  });
});
