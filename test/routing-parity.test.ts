/**
 * Routing parity: one table of raw URL spellings (test/support/routing-table.ts) must reach the same route
 * file, with the same parameters, in `prerender dev`, `prerender preview`, the built server process
 * and the prerender. Targets go over a bare socket, as written: `fetch` would normalise them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer, type RunningServer } from '../src/index.ts';
import { createMemoryLogger } from '../src/log.ts';
import { catchError } from './support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from './support/helpers.ts';
import { rawRequest } from './support/raw-http.ts';
import { publicFiles, routingTable, writeRoutingSite, type RoutingCase } from './support/routing-table.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

let root: string;
let built: Awaited<ReturnType<typeof buildSite>>;
let dev: RunningServer;
let preview: RunningServer;
let server: ServerProcess;

// One build and three servers; generous, for a loaded 2-core machine.
beforeAll(async () => {
  root = writeRoutingSite();
  built = await buildSite(root);
  dev = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
  preview = await createPreviewServer({ root, config: { outDir: built.outDir }, port: 0 });
  server = await startServerProcess(join(built.dir, 'server', 'index.mjs'));
}, 180_000);

afterAll(async () => {
  await dev?.close();
  await preview?.close();
  await server?.stop();
});

const portOf = (url: string) => Number(new URL(url).port);
const label = (row: RoutingCase) => `${row.method ?? 'GET'} ${row.target.slice(0, 60)}`;

describe.each([
  ['prerender dev', () => portOf(dev.url)],
  ['prerender preview', () => portOf(preview.url)],
  ['the built server process', () => server.port],
])('%s', (_name, port) => {
  it.each(routingTable.map((row) => [label(row), row] as const))('%s reaches its route file with its params', async (_label, row) => {
    const response = await rawRequest(port(), row.target, { method: row.method });
    expect(response.status, response.text).toBe(200);
    if (row.method === 'HEAD') {
      expect(decodeURIComponent(response.headers['x-file'] ?? '')).toBe(row.file);
      expect(response.text).toBe('');
    } else {
      expect(JSON.parse(response.text)).toEqual({ file: row.file, params: row.params });
    }
  });

  it('serves publicDir/.well-known/ and hides every other dot-file, leaking nothing', async () => {
    const found = await rawRequest(port(), '/.well-known/security.txt');
    expect([found.status, found.text]).toEqual([200, publicFiles['public/.well-known/security.txt']]);
    for (const target of ['/.env', '/.hidden/x.txt', '/%2eenv', '/.well-known/../.env']) {
      const hidden = await rawRequest(port(), target);
      expect(hidden.status, target).toBeGreaterThanOrEqual(400);
      expect(hidden.status, target).toBeLessThan(500);
      expect(hidden.text, target).not.toContain('SECRET');
    }
  });

  it.each(['/api/%', '/api/%zz', '/api/a%00b', '/api/users/%2e%2e', '/api/users/..%2Fx', '/api/users/a%2F..%2Fb', '/api/%C0%AF'])(
    'refuses %s, malformed as HTTP, with 400 before any route',
    async (target) => {
      const response = await rawRequest(port(), target);
      expect(response.status).toBe(400);
    },
  );
});

describe('the prerender', () => {
  it.each(routingTable.filter((row) => row.written).map((row) => [row.target, row] as const))(
    'writes %s to its file, with the body of the route file the servers reach',
    (_target, row) => {
      const body = JSON.parse(readFileSync(join(built.dir, 'public', row.written!), 'utf8'));
      expect(body).toEqual({ file: row.file, params: row.params });
    },
  );

  it('publishes publicDir/.well-known/ and leaves out the other dot-files, with a warning naming them', () => {
    expect(readFileSync(join(built.dir, 'public/.well-known/security.txt'), 'utf8')).toBe(publicFiles['public/.well-known/security.txt']);
    expect(existsSync(join(built.dir, 'public/.env'))).toBe(false);
    expect(existsSync(join(built.dir, 'public/.hidden'))).toBe(false);
    expect(built.logger.lines.join('\n')).toMatch(/Left out the dot-files and dot-folders in public: \.env, \.hidden\./);
  });

  it('refuses two spellings of one URL as a clash, before any route runs', async () => {
    const site = writeSite({
      'src/server/routes/api/café.ts': route(`() => { throw new Error('must not run'); }`),
      'prerender.config.mjs': `export default { name: 'spell', prerender: { routes: ['/api/caf%C3%A9', '/api/caf%c3%a9'] } };`,
    });
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(site, { config: { outDir } }));
    expect([error.code, error.exitCode]).toEqual(['OUTPUT_CLASH', 1]);
    expect(error.message).toBe('Routes "/api/caf%C3%A9" and "/api/caf%c3%a9" in prerender.routes are two spellings of one URL, /api/café, so both would write one file.');
    expect(existsSync(join(outDir, 'spell'))).toBe(false);
  });

  it.each([
    ['/api/v1.', 'ends with a dot'],
    ['/api/con', 'is a device name Windows reserves'],
    ['/api/Nul.json', 'is a device name Windows reserves'],
    ['/api/com1.txt', 'is a device name Windows reserves'],
    ['/api/a%3Ab', 'holds ":"'],
    ['/api/a%7Cb', 'holds "|"'],
    ['/api/a%3F', 'holds "?"'],
  ])('refuses %s, which Windows or macOS users could not check out, before anything runs (exit 2)', async (target, reason) => {
    const site = writeSite({
      'src/server/routes/api/[...].ts': route(`() => { throw new Error('must not run'); }`),
      'prerender.config.mjs': `export default { name: 'win', prerender: { routes: [${JSON.stringify(target)}] } };`,
    });
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(site, { config: { outDir } }));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_PATH', 2]);
    expect(error.message).toContain(`Route "${target}"`);
    expect(error.message).toContain(reason);
    expect(existsSync(join(outDir, 'win'))).toBe(false);
  });
});
