/**
 * The built server's settings from the environment (src/runtime/env-options.ts), and where the three
 * servers listen, from their real processes: a port another program holds is the first thing they say,
 * with what to do, and they exit non-zero; the built server refuses a PORT or a BODY_LIMIT that is no
 * number.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, buildSite, route, writeSite } from '../support/helpers.ts';
import { startServerProcess } from '../support/server-process.ts';

/** Runs `args` with node until it exits; resolves with its exit code and what it printed on stderr. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A server that listened after all would run until the test's timeout: cut it short.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

const root = writeSite({
  'src/server/routes/api/hello.txt.ts': route(`() => 'hello'`),
  // Says when the route modules run: --help and a refused argument run none.
  'src/server/routes/api/loaded.ts': `console.log('route module loaded');\n${route(`() => 'loaded'`)}`,
});
let serverFile: string;
let holder: Server;
let port: number;

beforeAll(async () => {
  const { dir } = await buildSite(root, { config: { outDir: join(root, 'dist') } });
  serverFile = join(dir, 'server', 'index.mjs');
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => holder.close(resolve)));

describe('a port another program holds', () => {
  it.concurrent.each(['dev', 'preview'])('prerender %s: the first line says the port is in use and what to do; exit 1', async (command) => {
    const { code, stderr } = await run([binPath, command, root, '--port', String(port)]);
    expect(code).toBe(1);
    const [first, ...rest] = stderr.split('\n');
    expect(first).toBe(`error Port ${port} on 127.0.0.1 is already in use.`);
    expect(rest[0]).toBe(`  hint: Stop the program using it, or pick another port: --port ${port + 1}, or --port 0 for any free one.`);
    expect(stderr).not.toContain('shutting down');
  });

  it('the built server: the first line says the port is in use and to set PORT; exit 1', async () => {
    const { code, stderr } = await run([serverFile], { PORT: String(port), HOST: '127.0.0.1' });
    expect(code).toBe(1);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      `Could not start the server: port ${port} on 127.0.0.1 is already in use.`,
      `Stop the program using it, or set PORT to another port, such as PORT=${port + 1} (PORT=0 picks any free one).`,
    ]);
  });
});

describe('the built server refuses a PORT that is no port', () => {
  it.concurrent.each(['70000', '65536', '-1', '1.5', 'abc', ' 80'])('PORT=%j: exit 1 naming PORT and its range', async (value) => {
    const { code, stderr } = await run([serverFile], { PORT: value });
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe(`Could not start the server: PORT must be a whole number from 0 to 65535, got ${JSON.stringify(value)}.`);
  });
});

describe('the built server refuses a BODY_LIMIT that is no number', () => {
  it('a BODY_LIMIT that is no number stops the server with a clear message', () => {
    const run = spawnSync(process.execPath, [serverFile], { env: { ...process.env, PORT: '0', BODY_LIMIT: '1mb' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Could not start the server: BODY_LIMIT must be a whole number, got "1mb".');
  });
});

describe('the built server takes no arguments', () => {
  it('--help prints what it serves and the environment it reads; exit 0, nothing listened', () => {
    const run = spawnSync(process.execPath, [serverFile, '--help'], { cwd: root, env: { ...process.env, PORT: '0' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`Usage: [PORT=3000] [HOST=...] node ${relative(root, serverFile)}`);
    expect(run.stdout).toContain('  PORT              port to listen on, 0 to 65535 (default 3000; 0 picks a free one)');
    expect(run.stdout).toContain('  SHUTDOWN_TIMEOUT  milliseconds the requests in flight get after SIGTERM or SIGINT (default 10000)');
    expect(run.stdout).not.toContain('Listening');
    expect(run.stdout).not.toContain('route module loaded');
  });

  it.each<[args: string[], run: string]>([
    [['--port', '8080'], 'PORT=8080 '],
    [['--port=4000'], 'PORT=4000 '],
    [['-p', '5000', '--host', '0.0.0.0'], 'PORT=5000 HOST=0.0.0.0 '],
    [['8080'], 'PORT=8080 '],
    [['serve'], ''],
  ])('%j is refused with the environment to set instead; exit 2, no route module run, nothing listened', (args, port) => {
    const run = spawnSync(process.execPath, [serverFile, ...args], { env: { ...process.env, PORT: '0' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      `The server takes no arguments, got ${args.map((arg) => JSON.stringify(arg)).join(' ')}: its settings come from the environment (PORT, HOST, BODY_LIMIT, SHUTDOWN_TIMEOUT). Run: ${port}node ${serverFile}`,
    );
    expect(run.stdout).not.toContain('Listening');
    expect(run.stderr + run.stdout).not.toContain('route module loaded');
  });

  it('arguments that say what the environment says (a Procfile\'s --port $PORT) start it', async () => {
    const server = await startServerProcess(serverFile, { PORT: '0' }, ['--port', '0']);
    try {
      expect(server.stdout()).toMatch(/Listening on http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      await server.stop();
    }
  });
});
