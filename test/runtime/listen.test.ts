/**
 * The one socket layer (src/runtime/listen.ts) of the built server, `prerender preview` and `prerender
 * dev`: request bodies over the limit refused with 413 (declared or streamed) and the server still
 * serving; an unhandled error logged with its stack, answered with a bare 500.
 */
import { join } from 'node:path';
import { H3 } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBodyLimit, listen, type RunningServer } from '../../src/runtime/index.ts';
import { secrets, writeAttackSite } from '../support/attack-table.ts';
import { buildSite } from '../support/helpers.ts';
import { chunkedBody, rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const limit = 64 * 1024;
let serverFile: string;
let server: ServerProcess;

beforeAll(async () => {
  const { dir } = await buildSite(writeAttackSite().root);
  serverFile = join(dir, 'server', 'index.mjs');
  server = await startServerProcess(serverFile, { BODY_LIMIT: String(limit) });
});

afterAll(async () => {
  await server?.stop();
});

/** After every refusal the server must still answer a normal request. */
async function expectStillServing(port: number): Promise<void> {
  const response = await rawRequest(port, '/robots.txt');
  expect([response.status, response.text]).toEqual([200, 'User-agent: *\n']);
}

describe('request bodies over the limit (BODY_LIMIT on the built server)', () => {
  it('a content-length over the limit gets 413 before any route runs, on routes and static paths', async () => {
    for (const target of ['/api/echo', '/robots.txt']) {
      const response = await rawRequest(server.port, target, { method: 'POST', headers: [`content-length: ${limit + 1}`] });
      expect(response.status, target).toBe(413);
      expect(response.headers.connection).toBe('close');
      await expectStillServing(server.port);
    }
  });

  it('a streamed (chunked) body over the limit gets 413 when the route reads it', async () => {
    const response = await rawRequest(server.port, '/api/echo', {
      method: 'POST',
      headers: ['transfer-encoding: chunked'],
      body: chunkedBody(5, 16 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    await expectStillServing(server.port);
  });

  it('a body under the limit reaches the route whole', async () => {
    const size = limit - 10;
    const response = await rawRequest(server.port, '/api/echo', { method: 'POST', headers: [`content-length: ${size}`], body: ['x'.repeat(size)] });
    expect([response.status, JSON.parse(response.text)]).toEqual([200, { size }]);
    const chunked = await rawRequest(server.port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(3, 1000) });
    expect(JSON.parse(chunked.text)).toEqual({ size: 3000 });
  });
});

describe('errors and error pages of the built server', () => {
  it('an unhandled error logs its stack to stderr and sends none of it', async () => {
    const response = await rawRequest(server.port, '/api/boom');
    expect(response.status).toBe(500);
    expect(JSON.parse(response.text)).toEqual({ status: 500, unhandled: true, message: 'HTTPError' });
    expect(response.text).not.toContain('boom');
    expect(server.stderr()).toContain(`Error: boom-${secrets.inDist}`);
    expect(server.stderr()).toMatch(/^\s+at /m);
    await expectStillServing(server.port);
  });

  it.each(['/<script>alert(1)</script>', '/api/<script>x', '/api/hello?<script>=1', '/%3Cscript%3E'])('a 404 for %s echoes no markup', async (target) => {
    const response = await rawRequest(server.port, target);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(response.text).not.toContain('<script>');
  });
});

describe('listen(): the socket layer dev and preview share', () => {
  let running: RunningServer | undefined;
  afterAll(async () => {
    await running?.close();
  });

  /** A handler that reads the body (not through h3) and answers with its size. */
  const echo = async (request: Request) => new Response(String((await request.arrayBuffer()).byteLength));

  it('defaults to a 1 MiB limit on declared and streamed bodies', async () => {
    running = await listen(echo, { port: 0, host: '127.0.0.1' });
    const port = Number(new URL(running.url).port);
    expect(defaultBodyLimit).toBe(1024 * 1024);
    const over = await rawRequest(port, '/', { method: 'POST', headers: [`content-length: ${defaultBodyLimit + 1}`] });
    expect(over.status).toBe(413);
    const streamed = await rawRequest(port, '/', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(17, 64 * 1024) });
    expect(streamed.status).toBe(413);
    const exact = await rawRequest(port, '/', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(16, 64 * 1024) });
    expect([exact.status, exact.text]).toEqual([200, String(defaultBodyLimit)]);
    await running.close();
  });

  it('takes the limit as an option', async () => {
    running = await listen(echo, { port: 0, host: '127.0.0.1', bodyLimit: 10 });
    const port = Number(new URL(running.url).port);
    expect((await rawRequest(port, '/', { method: 'POST', headers: ['content-length: 11'], body: ['x'.repeat(11)] })).status).toBe(413);
    expect((await rawRequest(port, '/', { method: 'POST', headers: ['content-length: 10'], body: ['x'.repeat(10)] })).text).toBe('10');
    await running.close();
  });

  it('an error thrown by the handler goes to onError with its stack; the client gets a bare 500', async () => {
    const seen: unknown[] = [];
    running = await listen(
      () => {
        throw new Error('handler-secret-71');
      },
      { port: 0, host: '127.0.0.1', onError: (error) => seen.push(error) },
    );
    const response = await rawRequest(Number(new URL(running.url).port), '/');
    expect([response.status, response.text]).toEqual([500, 'Internal Server Error']);
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).stack).toContain('handler-secret-71');
    await running.close();
  });
});

// The status line a client reads always has a reason phrase, as HTTP/1.1 clients and proxies expect
// (`HTTP/1.1 200 OK`), never the empty one a Response made without a statusText would give.
describe('listen: the status line', () => {
  it.each([
    { path: '/plain', status: 'HTTP/1.1 200 OK' },
    { path: '/missing', status: 'HTTP/1.1 404 Not Found' },
    { path: '/custom', status: 'HTTP/1.1 203 Mostly Fine' },
    { path: '/h3', status: 'HTTP/1.1 200 OK' },
    { path: '/h3-error', status: 'HTTP/1.1 500 Internal Server Error' },
    { path: '/stream', status: 'HTTP/1.1 201 Created' },
  ])('$path: $status', async ({ path, status }) => {
    const app = new H3({ silent: true }).get('/h3', () => ({ a: 1 })).get('/h3-error', () => {
      throw new Error('boom');
    });
    const server = await listen(
      (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/plain') return new Response('plain');
        if (pathname === '/missing') return new Response('no', { status: 404 });
        if (pathname === '/custom') return new Response('x', { status: 203, statusText: 'Mostly Fine' });
        if (pathname === '/stream') return new Response(new Blob(['s']).stream(), { status: 201 });
        return app.fetch(request);
      },
      { port: 0, host: '127.0.0.1' },
    );
    try {
      const response = await rawRequest(Number(new URL(server.url).port), path);
      expect(response.statusLine).toBe(status);
    } finally {
      await server.close();
    }
  });
});
