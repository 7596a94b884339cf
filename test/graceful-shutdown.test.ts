/**
 * SIGTERM and SIGINT stop the built server, `prerender preview` and `prerender dev` gracefully: new
 * connections are refused at once, a request in flight still gets its whole answer, then the
 * process exits 0. A second signal or SHUTDOWN_TIMEOUT cuts what is left and exits 1. Every server
 * is a real process on a port of its own choosing (port 0), read back from what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { binPath, buildSite, route, runCli, tempDir, writeSite } from './helpers.ts';

const body = 'slow answer '.repeat(20_000);
const api = 'src/server/routes/api';

/** A site whose `/api/slow` says it started (a file), then waits until its gate file exists. */
function gatedSite() {
  const gates = tempDir('gates-');
  const started = join(gates, 'started');
  const gate = join(gates, 'open');
  const root = writeSite({
    [`${api}/slow.ts`]: [
      `import { existsSync, writeFileSync } from 'node:fs';`,
      `import { defineEventHandler } from 'h3';`,
      `export default defineEventHandler(async () => {`,
      `  writeFileSync(${JSON.stringify(started)}, '');`,
      `  while (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 20));`,
      `  return ${JSON.stringify(body)};`,
      `});`,
    ].join('\n'),
    [`${api}/fast.ts`]: route(`() => 'fast'`),
    // A timer no one clears: the shutdown must exit anyway.
    [`${api}/ticker.ts`]: `setInterval(() => {}, 1000);\n${route(`() => 'tick'`)}`,
  });
  return { root, started, openGate: () => writeFileSync(gate, '') };
}

/** A server process, what it printed, and its exit. */
interface Running {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Spawns `args` and resolves once its output holds a URL after `listening`. */
function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/i.exec(output)?.[1];
      if (url) resolve({ child, url, output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
}

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

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
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
