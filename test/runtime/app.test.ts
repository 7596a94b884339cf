/**
 * createApp's own routing rules, in-process (test/routing-parity.test.ts runs a table over sockets):
 * HEAD follows GET, explicit HEAD files win, and a handler sees only the parameters it declares.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, outcomeKey, type RequestOutcome, type RuntimeRoute } from '../../src/runtime/index.ts';

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

  it('says whether a route ran, and what its handler threw', async () => {
    expect(await outcomeOf('/ok')).toEqual({ status: 200, routed: true });
    expect(await outcomeOf('/missing')).toEqual({ status: 404, routed: true });
    expect(await outcomeOf('/nowhere')).toEqual({ status: 404, routed: false });
    expect(await outcomeOf('/boom')).toEqual({ status: 500, routed: true, thrown });
  });

  it('belongs to its own request, however many run at once', async () => {
    const outcomes = await Promise.all(['/boom', '/nowhere', '/ok', '/boom', '/nowhere'].map(outcomeOf));
    expect(outcomes.map((o) => [o.routed, o.thrown])).toEqual([[true, thrown], [false, undefined], [true, undefined], [true, thrown], [false, undefined]]);
  });

  it('is no concern of a request without one', async () => {
    expect((await app.fetch(new Request('http://x/boom'))).status).toBe(500);
  });
});
