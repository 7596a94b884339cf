/**
 * SIGTERM closes at once every connection that carries no request: an idle keep-alive connection, a
 * browser's preconnect (connected, nothing sent) and half a request line. A slow request in flight on
 * a keep-alive connection still gets its whole answer, with `Connection: close`, and the process then
 * exits 0. SHUTDOWN_TIMEOUT is 60 s, past this test's own timeout: a server that waited for an idle
 * connection fails the test instead of exiting 1 at the limit. Raw sockets, for all three servers.
 */
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { binPath, buildSite } from '../support/helpers.ts';
import { parseResponse } from '../support/raw-http.ts';
import { gatedSite, slowBody, start, until, type Running } from '../support/shutdown-site.ts';

const env = { SHUTDOWN_TIMEOUT: '60000' };

/** A raw client connection: what it received, and whether the server has closed it. */
interface Client {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
}

async function open(port: number, send?: string): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  // A reset is a close too: the server may destroy a connection with bytes unread.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  if (send !== undefined) socket.write(send);
  return { socket, received: () => received, closed };
}

/** Opens each kind of connection, sends SIGTERM, and checks what the server does with each. */
async function shutDownWithOpenConnections(server: Running, site: ReturnType<typeof gatedSite>) {
  try {
    const keepAlive = await open(server.port, 'GET /api/fast HTTP/1.1\r\nHost: x\r\n\r\n');
    // The whole answer: a body with its length, or chunked (dev's, from its worker thread).
    await until(() => /\r\n\r\n(fast|4\r\nfast\r\n0\r\n\r\n)$/.test(keepAlive.received()));
    expect(keepAlive.received()).not.toMatch(/^connection: close/im);
    const preconnect = await open(server.port);
    const halfLine = await open(server.port, 'GET /api/fa');
    const slow = await open(server.port, 'GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => existsSync(site.started));

    server.child.kill('SIGTERM');
    // Closed while the slow request is still held: nothing waits for them.
    await Promise.all([keepAlive.closed, preconnect.closed, halfLine.closed]);
    expect(preconnect.received()).toBe('');

    site.openGate();
    await slow.closed;
    const answer = parseResponse(Buffer.from(slow.received(), 'latin1'));
    expect([answer.status, answer.headers.connection, answer.text]).toEqual([200, 'close', slowBody]);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('cutting');
  } finally {
    server.child.kill('SIGKILL');
  }
}

describe('SIGTERM with idle, preconnected and half-sent connections open', { timeout: 40_000 }, () => {
  const site = gatedSite();
  let serverFile: string;
  beforeAll(async () => {
    const { dir } = await buildSite(site.root, { config: { outDir: join(site.root, 'dist') } });
    serverFile = join(dir, 'server', 'index.mjs');
  });

  it('the built server closes them at once, answers the request in flight, exits 0', async () => {
    await shutDownWithOpenConnections(await start([serverFile], { ...env, PORT: '0', HOST: '127.0.0.1' }), site);
  });

  it('prerender preview does the same', async () => {
    const other = gatedSite();
    await buildSite(other.root, { config: { outDir: join(other.root, 'dist') } });
    await shutDownWithOpenConnections(await start([binPath, 'preview', other.root, '--port', '0'], env), other);
  });

  it('prerender dev does the same', async () => {
    const other = gatedSite();
    await shutDownWithOpenConnections(await start([binPath, 'dev', other.root, '--port', '0'], env), other);
  });
});
