/**
 * createApp's routing rules (src/runtime/app.ts): in-process, HEAD follows GET, explicit HEAD files win,
 * a handler sees only the parameters it declares, and the outcome rides on its request; over real
 * sockets, one table of raw URL spellings reaches the same route file in every server and the prerender.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, outcomeKey, type RequestOutcome, type RuntimeRoute } from '../../src/runtime/index.ts';
import { createDevServer, createPreviewServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { publicFiles, routingTable, writeRoutingSite, type RoutingCase } from '../support/routing-table.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** A route whose handler answers with its file and the parameters it saw, and names itself in `x-file`. */
const echo = (method: string, path: string, file: string): RuntimeRoute => ({
  method,
  path,
  file,
  handler: (event: { context: { params?: object }; res: { headers: Headers } }) => {
    event.res.headers.set('x-file', file);
    return { file, params: { ...event.context.params } };
  },
});

const ask = async (routes: RuntimeRoute[], method: string, path: string) => {
  const response = await createApp(routes).fetch(new Request(`http://x${path}`, { method }));
  return { status: response.status, file: response.headers.get('x-file'), body: method === 'HEAD' ? undefined : await response.json() };
};

describe('HEAD', () => {
  const blog = [echo('GET', '/blog/latest', 'blog/latest.get.ts'), echo('', '/blog/:year', 'blog/[year]/index.ts')];

  it('goes to the route that answers GET, not to a method-less parameter route beside it', async () => {
    expect(await ask(blog, 'HEAD', '/blog/latest')).toMatchObject({ status: 200, file: 'blog/latest.get.ts' });
    expect(await ask(blog, 'GET', '/blog/latest')).toMatchObject({ status: 200, file: 'blog/latest.get.ts' });
    expect(await ask(blog, 'HEAD', '/blog/2024')).toMatchObject({ status: 200, file: 'blog/[year]/index.ts' });
  });

  it('goes to a .head file where there is one, whatever its parameter is called', async () => {
    const routes = [echo('GET', '/a/:slug', 'a/[slug].get.ts'), echo('HEAD', '/a/:id', 'a/[id].head.ts')];
    expect(await ask(routes, 'HEAD', '/a/1')).toMatchObject({ status: 200, file: 'a/[id].head.ts' });
    expect(await ask(routes, 'GET', '/a/1')).toMatchObject({ status: 200, file: 'a/[slug].get.ts' });
  });
});

describe('parameters', () => {
  const routes = [echo('', '/api/**', 'api/[...].ts'), echo('', '/api/docs/**:path', 'api/docs/[...path].ts'), echo('', '/api/users/:id', 'api/users/[id].ts')];

  it.each([
    ['/api/x/y', 'api/[...].ts', { _: 'x/y' }],
    ['/api/x', 'api/[...].ts', { _: 'x' }],
    ['/api', 'api/[...].ts', { _: '' }],
    ['/api/', 'api/[...].ts', { _: '' }],
    ['/api/docs/a/b', 'api/docs/[...path].ts', { path: 'a/b' }],
    ['/api/users/7', 'api/users/[id].ts', { id: '7' }],
  ])('%s: %s sees exactly %j', async (path, file, params) => {
    expect(await ask(routes, 'GET', path)).toEqual({ status: 200, file, body: { file, params } });
  });
});

describe('the per-request outcome the prerender reads (app.request with a context)', () => {
  const thrown = new Error('kaboom');
  const routes: RuntimeRoute[] = [
    echo('GET', '/ok', 'ok.get.ts'),
    { method: 'GET', path: '/missing', file: 'missing.get.ts', handler: () => new Response('gone', { status: 404 }) },
    { method: 'GET', path: '/boom', file: 'boom.get.ts', handler: () => Promise.reject(thrown) },
  ];
  const app = createApp(routes);
  // h3 logs the stack of every error a handler throws, as a server should; not here.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => void vi.restoreAllMocks());
  const outcomeOf = async (path: string) => {
    const outcome: RequestOutcome = { routed: false };
    const response = await app.request(new Request(`http://x${path}`), undefined, { [outcomeKey]: outcome });
    return { status: response.status, ...outcome };
  };

  it('says whether a route ran, what its handler returned (and from which file) or threw', async () => {
    // An object goes out typed by h3 (JSON): `typed`, though the handler set no type itself.
    expect(await outcomeOf('/ok')).toEqual({ status: 200, routed: true, file: 'ok.get.ts', returned: { value: { file: 'ok.get.ts', params: {} }, file: 'ok.get.ts', typed: true } });
    expect(await outcomeOf('/missing')).toEqual({ status: 404, routed: true, file: 'missing.get.ts', returned: { value: expect.any(Response), file: 'missing.get.ts', typed: false } });
    expect(await outcomeOf('/nowhere')).toEqual({ status: 404, routed: false });
    expect(await outcomeOf('/boom')).toEqual({ status: 500, routed: true, file: 'boom.get.ts', threw: true, thrown });
  });

  it('belongs to its own request, however many run at once', async () => {
    const outcomes = await Promise.all(['/boom', '/nowhere', '/ok', '/boom', '/nowhere'].map(outcomeOf));
    expect(outcomes.map((o) => [o.routed, o.thrown])).toEqual([[true, thrown], [false, undefined], [true, undefined], [true, thrown], [false, undefined]]);
  });

  it('is no concern of a request without one', async () => {
    expect((await app.fetch(new Request('http://x/boom'))).status).toBe(500);
  });
});

/**
 * Routing parity: one table of raw URL spellings (test/support/routing-table.ts) must reach the same route
 * file, with the same parameters, in `prerender dev`, `prerender preview`, the built server process
 * and the prerender. Targets go over a bare socket, as written: `fetch` would normalise them.
 */
describe('routing parity over real sockets', () => {
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
      // publicDir as the user can open it from where the build runs: here, elsewhere than the site.
      expect(built.logger.lines.join('\n')).toMatch(/Left out the dot-files and dot-folders in \/\S+\/public: \.hidden\. .* Left out \.env in \/\S+\/public, even with publicDotFiles: true: a \.env file holds secrets/);
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
});
