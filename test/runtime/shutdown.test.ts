/**
 * SIGTERM and SIGINT stop the built server, `prerender preview` and `prerender dev` gracefully: new
 * connections are refused at once, a request in flight still gets its whole answer, then the
 * process exits 0. A second signal or SHUTDOWN_TIMEOUT cuts what is left and exits 1. Every server
 * is a real process on a port of its own choosing (port 0), read back from what it prints.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { binPath, buildSite, repoRoot, runCli } from '../support/helpers.ts';
import { gatedSite, slowBody as body, start, until, type Running } from '../support/shutdown-site.ts';

/** GETs `path` over a fresh connection; resolves with status and whole body, or the socket error. */
function get(url: string, path: string): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request(new URL(path, url), { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

/** The error code of a TCP connection attempt to the server's port, or 'connected'. */
function tryConnect(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('connect', () => (socket.destroy(), resolve('connected')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Sends `signal` while `/api/slow` is in flight; the request completes, new ones are refused, exit 0. */
async function finishesInFlight(server: Running, site: ReturnType<typeof gatedSite>, signal: NodeJS.Signals) {
  const answer = get(server.url, '/api/slow');
  await until(() => existsSync(site.started));
  server.child.kill(signal);
  await until(() => server.output().includes(`${signal}: no new connections`));

  // The listening socket closes as the server starts its shutdown: asked again for a moment, since
  // the close completes on the event loop, while the request in flight is still held.
  const deadline = Date.now() + 10_000;
  let attempt = await tryConnect(server.url);
  while (attempt !== 'ECONNREFUSED' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    attempt = await tryConnect(server.url);
  }
  expect(attempt).toBe('ECONNREFUSED');
  site.openGate();
  expect(await answer).toEqual({ status: 200, body });
  expect(await server.exited).toBe(0);
  expect(server.output().trimEnd().split('\n').at(-1)).toBe('Stopped: every request in flight was answered.');
}

describe('the built server', () => {
  const site = gatedSite();
  let serverFile: string;
  beforeAll(async () => {
    const { dir } = await buildSite(site.root);
    serverFile = join(dir, 'server', 'index.mjs');
  });
  const startServer = (env: NodeJS.ProcessEnv = {}) => start([serverFile], { PORT: '0', HOST: '127.0.0.1', ...env });

  it('on SIGTERM refuses new connections, finishes the request in flight with its whole body, and exits 0', async () => {
    const server = await startServer();
    try {
      expect(await get(server.url, '/api/fast')).toEqual({ status: 200, body: 'fast' });
      await finishesInFlight(server, site, 'SIGTERM');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('a second signal cuts the request in flight and exits 1', async () => {
    const slow = gatedSite();
    const { dir } = await buildSite(slow.root);
    const server = await start([join(dir, 'server', 'index.mjs')], { PORT: '0', HOST: '127.0.0.1' });
    try {
      const answer = get(server.url, '/api/slow');
      await until(() => existsSync(slow.started));
      server.child.kill('SIGINT');
      await until(() => server.output().includes('SIGINT: no new connections'));
      server.child.kill('SIGINT');
      expect((await answer).error).toBeTruthy();
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('SIGINT again: cutting the requests still running.');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('a second signal exits 1 though the server never finishes closing', async () => {
    const module = pathToFileURL(join(repoRoot, 'lib/src/runtime/shutdown.js')).href;
    const script = `const { stopOnSignal } = await import(${JSON.stringify(module)}); stopOnSignal({ close: () => new Promise(() => {}) }); setInterval(() => {}, 1000); console.error('ready');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await until(() => stderr.includes('ready'));
    child.kill('SIGINT');
    await until(() => stderr.includes('SIGINT: no new connections'));
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 5_000))]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('SIGINT again: cutting the requests still running.');
  });

  it('SHUTDOWN_TIMEOUT cuts a request that takes longer and exits 1', async () => {
    const slow = gatedSite();
    const { dir } = await buildSite(slow.root);
    const server = await start([join(dir, 'server', 'index.mjs')], { PORT: '0', HOST: '127.0.0.1', SHUTDOWN_TIMEOUT: '300' });
    try {
      const answer = get(server.url, '/api/slow');
      await until(() => existsSync(slow.started));
      server.child.kill('SIGTERM');
      expect((await answer).error).toBeTruthy();
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Requests still running after 300 ms: cutting the requests still running.');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('refuses to start with a SHUTDOWN_TIMEOUT that is no number', async () => {
    const child = spawn(process.execPath, [serverFile], { env: { ...process.env, PORT: '0', SHUTDOWN_TIMEOUT: '10s' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('SHUTDOWN_TIMEOUT must be a whole number, got "10s".');
  });
});

describe('prerender preview and prerender dev', () => {
  it('preview on SIGTERM finishes the request in flight and exits 0', async () => {
    const site = gatedSite();
    await buildSite(site.root, { config: { outDir: join(site.root, 'dist') } });
    const server = await start([binPath, 'preview', site.root, '--port', '0']);
    try {
      await finishesInFlight(server, site, 'SIGTERM');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('preview names the request SHUTDOWN_TIMEOUT cut, as dev does', async () => {
    const site = gatedSite();
    await buildSite(site.root, { config: { outDir: join(site.root, 'dist') } });
    const server = await start([binPath, 'preview', site.root, '--port', '0'], { SHUTDOWN_TIMEOUT: '300' });
    try {
      const answer = get(server.url, '/api/slow');
      await until(() => existsSync(site.started));
      server.child.kill('SIGTERM');
      expect((await answer).error).toBeTruthy();
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/Requests still running after 300 ms: cutting the requests still running\.\n(.*\n)*GET \/api\/slow 499 \d+ms\n/);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('refuse a SHUTDOWN_TIMEOUT that is no number as bad usage (exit 2)', async () => {
    const { root } = gatedSite();
    const { code, stderr } = await runCli(['dev', root, '--port', '0'], { env: { SHUTDOWN_TIMEOUT: 'soon' } });
    expect(code).toBe(2);
    expect(stderr).toContain('SHUTDOWN_TIMEOUT must be a whole number, got "soon".');
  });

  it('dev on Ctrl-C (SIGINT) finishes the request in flight and exits 0', async () => {
    const site = gatedSite();
    const server = await start([binPath, 'dev', site.root, '--port', '0']);
    try {
      await finishesInFlight(server, site, 'SIGINT');
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
