/**
 * HTTP/1.1 over a bare socket, for the server attack tests: the request target is sent exactly as
 * written (`new Request()` and `fetch` would normalise `..` away), and the response is parsed here.
 */
import { connect } from 'node:net';

/** A parsed response; `body` is the decoded bytes (chunked transfer undone). */
export interface RawResponse {
  /** The status line as sent: `HTTP/1.1 200 OK`. */
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** Options of {@link rawRequest}. */
export interface RawRequestOptions {
  method?: string;
  /** The Host header. @default 'x' */
  host?: string;
  /** Extra header lines, such as `content-length: 10`. */
  headers?: string[];
  /** Written after the head, one `write` per chunk (already framed when chunked). */
  body?: (string | Buffer)[];
}

/** Sends one request with `Connection: close` and reads the response until the server closes. */
export function rawRequest(port: number, target: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const head = [`${options.method ?? 'GET'} ${target} HTTP/1.1`, `Host: ${options.host ?? 'x'}`, 'Connection: close', ...(options.headers ?? []), '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of options.body ?? []) {
        // The server may answer and close before the whole body is sent (413): stop writing then.
        if (socket.destroyed || !socket.writable) break;
        await new Promise<void>((done) => socket.write(chunk, () => done()));
      }
    });
    socket.on('data', (chunk) => received.push(chunk));
    // A reset after a complete response (the server refusing the rest of a body) is not a failure.
    socket.on('error', (error) => (received.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(received)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Parses a whole HTTP/1.1 response. */
export function parseResponse(raw: Buffer): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete response head in ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { statusLine, status, headers, body, text: body.toString('utf8') };
}

function unchunk(framed: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = framed.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(framed.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(framed.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A body framed as chunked transfer encoding: `count` chunks of `size` bytes, then the last chunk. */
export function chunkedBody(count: number, size: number): string[] {
  const chunk = `${size.toString(16)}\r\n${'x'.repeat(size)}\r\n`;
  return [...Array.from({ length: count }, () => chunk), '0\r\n\r\n'];
}
