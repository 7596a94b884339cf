/**
 * How a failed route is named in the build's error when what failed is not an Error with a one-line
 * message: a thrown string or `undefined` (h3's answer says only "HTTPError"), a message with a line
 * break (a header value h3 refuses), a body cut off by the server it was fetched from (undici's bare
 * "terminated"). Each route keeps one line of the list of failed routes.
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

const api = 'src/server/routes/api';
const handler = (body: string) => `import { defineEventHandler, setHeader } from 'h3';\nexport default defineEventHandler((event) => { ${body} });\n`;

describe('a failed route whose failure is not a one-line Error', () => {
  let upstream: Server;
  let port: number;
  beforeAll(async () => {
    // Promises 1000 bytes, sends 19, then closes the socket: a CMS that drops the connection.
    upstream = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"items": [1, 2, 3,', () => setTimeout(() => response.socket?.destroy(), 20));
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    port = (upstream.address() as { port: number }).port;
  });
  afterAll(() => upstream.close());

  it('names a thrown string or undefined, escapes a message\'s line breaks, and gives the cause of a body cut off', async () => {
    const root = writeSite({
      [`${api}/text.json.ts`]: handler(`throw 'CMS token missing';`),
      [`${api}/nothing.json.ts`]: handler('throw undefined;'),
      [`${api}/header.json.ts`]: handler(`setHeader(event, 'x-feed', 'line1\\nline2'); return {};`),
      [`${api}/cut.json.ts`]: handler(`return fetch('http://127.0.0.1:${port}/items');`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/text.json', '/api/nothing.json', '/api/header.json', '/api/cut.json'] } };`,
    });
    const error = await catchError(() => buildSite(root, { typecheck: false }));
    expect(error.code).toBe('ROUTES_FAILED');
    const lineOf = (route: string) => error.message.split('\n').find((line) => line.startsWith(`  ${route}  `));
    expect(lineOf('/api/text.json')).toContain('500  the handler threw "CMS token missing", not an Error');
    expect(lineOf('/api/nothing.json')).toContain('500  the handler threw undefined, not an Error');
    expect(lineOf('/api/header.json')).toMatch(/500 {2}the handler threw TypeError: .*"line1\\nline2"/);
    expect(lineOf('/api/cut.json')).toContain('terminated (caused by SocketError: other side closed)');
    expect(error.message).not.toContain('HTTPError');
  });
});
