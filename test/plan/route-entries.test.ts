/** A route file's `entries` export read (src/plan/route-entries.ts): what it may return, and how each mistake is named. */
import { describe, expect, it } from 'vitest';
import { listRouteEntries } from '../../src/plan/route-entries.ts';
import type { RuntimeRoute } from '../../src/runtime/index.ts';
import { catchError } from '../support/catch-error.ts';

describe('listRouteEntries: what an entries export may return', () => {
  const site = { root: '/site', routesDir: '/site/src/server/routes' };
  const row = (path: string, entries: unknown, method = ''): RuntimeRoute => ({ method, path, file: 'api/x.ts', handler: () => '', entries });
  const list = (path: string, entries: unknown, method?: string) => listRouteEntries([row(path, entries, method)], site, 30_000);

  it('lists routes in table order, skipping files without entries', async () => {
    const table = [row('/a/:id', () => [{ id: '2' }, '/a/1']), { method: '', path: '/b', file: 'b.ts', handler: () => '' }, row('/c/**', async () => [{ _: 'x/y' }])];
    const listed = await listRouteEntries(table, site, 30_000);
    expect(listed.routes.map((entry) => entry.route)).toEqual(['/a/2', '/a/1', '/c/x/y']);
    expect(listed.files).toBe(2);
  });

  it.each([
    ['/api/users/:id', () => [{ id: '..' }], 'makes the route /api/users/.., and a ".." segment would leave its folder'],
    ['/api/users/:id', () => [{ id: '.env' }], '".env" starts with a dot'],
    ['/api/users/:id', () => [{ id: '' }], 'the value of "id" is empty'],
    ['/api/users/:id', () => [{ id: '\ud800' }], 'holds a lone UTF-16 surrogate'],
    ['/api/users/:id', () => [{ id: null }], 'the value of "id" is null, not a string'],
    ['/api/users/:id', () => [{ id: '1', a: '2', b: '3' }], '"a", "b" are not parameters of this file (it declares "id")'],
    ['/docs/:lang/**:path', () => [{}], 'the parameters "lang", "path" are missing'],
    ['/docs/**:path', () => [{ path: 'a//b' }], 'the value of "path" has an empty segment'],
    ['/docs/**:path', () => [{ path: '/a' }], 'the value of "path" has an empty segment'],
    ['/docs/**:path', () => [{ path: '' }], 'the value of "path" is empty: a named catch-all ([...path]) matches one segment or more'],
    ['/docs/**:path', () => ['/docs'], 'the file serves /docs/**:path, and this path has another shape'],
    ['/about', () => [{ id: '1' }], '"id" is not a parameter of this file (it declares none)'],
    ['/api/users/:id', () => ['api/users/1'], 'it must start with "/"'],
    ['/api/users/:id', () => ['/api/users/1?draft'], 'a query or fragment cannot be part of a file name'],
    ['/api/users/:id', () => ['/api/users/1/2'], 'the file serves /api/users/:id, and this path has another shape'],
    ['/api/posts/:slug.json', () => ['/api/posts/hello'], 'this path has another shape'],
    ['/api/users/:id', () => [42], 'lists the entry 42 in its entries, which cannot be prerendered: an entry is a parameter object or a path string'],
    ['/api/users/:id', () => ({ id: '1' }), 'exports entries, which returned {"id":"1"}, not an array'],
    ['/api/users/:id', [{ id: '1' }], 'exports entries as [{"id":"1"}], not a function'],
    ['/api/users/:id', () => [{ params: { id: '1' }, sitemap: true }], 'its sitemap is not valid: Config key "sitemap" must be false or { lastmod?, changefreq?, priority? }, got true.'],
    ['/api/users/:id', () => [{ params: { id: '1' }, sitemap: { priority: 2 } }], 'its sitemap is not valid: Config key "sitemap.priority" must be a number from 0 to 1, got 2.'],
    ['/api/users/:id', () => [{ params: { id: '1' }, sitemap: { often: 'yes' } }], 'its sitemap is not valid: Unknown config key "sitemap.often"'],
    ['/api/users/:id', () => [{ params: { id: '1' }, route: '/api/users/1' }], 'an entry given as { params | route, sitemap } gives both params and route.'],
    ['/api/users/:id', () => [{ sitemap: false }], 'an entry given as { params | route, sitemap } gives neither params nor route.'],
    ['/api/users/:id', () => [{ params: { id: '1' }, draft: true }], 'an entry given as { params | route, sitemap } has no key "draft".'],
    ['/api/users/:id', () => [{ params: '1' }], 'its params is "1", not an object of parameters'],
    ['/api/users/:id', () => [{ route: 1, sitemap: false }], 'its route is 1, not a path string'],
    ['/api/users/:id', () => [{ params: { id: 1 }, sitemap: false }], 'the value of "id" is a number (1), not a string'],
  ])('%s, entries %s: %s', async (path, entries, message) => {
    const error = await catchError(() => list(path, entries));
    expect(error.code).toBe('ROUTE_ENTRIES');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('Route file src/server/routes/api/x.ts ');
    expect(error.message).toContain(message);
  });

  it.each([
    [2, `Route file src/server/routes/api/x.ts lists the entry {"id":2} in its entries, which cannot be prerendered: the value of "id" is a number (2), not a string. 1 more entry of the list cannot be prerendered either: "/users/1".`],
    [4, 'not a string. 3 more entries of the list cannot be prerendered either: "/users/1", {"id":5}, {"id":6}.'],
    [7, 'not a string. 6 more entries of the list cannot be prerendered either: "/users/1", {"id":5}, {"id":6} and 3 more.'],
  ])('a list with several entries refused (%i): the first says why and the fix, then how many more and the next three', async (count, message) => {
    const refused = [{ id: 2 }, '/users/1', ...Array.from({ length: count - 2 }, (_, i) => ({ id: i + 5 }))];
    const error = await catchError(() => list('/api/users/:id', () => [{ id: '1' }, ...refused, { id: '3' }]));
    expect(error.code).toBe('ROUTE_ENTRIES');
    expect(error.message.endsWith(message)).toBe(true);
    expect(error.hint).toContain("{ id: '1' }");
  });

  it('refuses entries on a file the prerender GET cannot reach', async () => {
    const error = await catchError(() => list('/api/users/:id', () => [{ id: '1' }], 'POST'));
    expect(error.message).toBe('Route file src/server/routes/api/x.ts exports entries, but it answers POST only and the prerender requests GET.');
  });

  it('an entries that throws, sync or async, fails with its cause; the first failing file in table order is named', async () => {
    const cause = new Error('CMS down');
    const table = [
      row('/a/:id', () => [{ id: '1' }]),
      { ...row('/b/:id', async () => Promise.reject(cause)), file: 'b.ts' },
      { ...row('/c/:id', () => { throw new Error('later'); }), file: 'c.ts' },
    ];
    const error = await catchError(() => listRouteEntries(table, site, 30_000));
    expect(error.message).toBe('The entries function of route file src/server/routes/b.ts failed: CMS down');
    expect(error.cause).toBe(cause);
    expect(error.exitCode).toBe(1);
  });

  it('a file whose parameter is named params, route or sitemap keeps the plain parameter object', async () => {
    const table: RuntimeRoute[] = [
      { method: '', path: '/p/:params', file: 'p.ts', handler: () => '', entries: () => [{ params: 'a' }, { params: { params: 'b' }, sitemap: false }] },
      { method: '', path: '/r/:route', file: 'r.ts', handler: () => '', entries: () => [{ route: 'a' }, { route: '/r/b', sitemap: false }] },
      { method: '', path: '/s/:sitemap', file: 's.ts', handler: () => '', entries: () => [{ sitemap: 'a' }, { params: { sitemap: 'b' }, sitemap: false }] },
    ];
    const listed = await listRouteEntries(table, { root: '/site', routesDir: '/site/routes' }, 30_000);
    expect(listed.routes.map(({ route, sitemap }) => [route, sitemap])).toEqual([
      ['/p/a', {}],
      ['/p/b', false],
      ['/r/a', {}],
      ['/r/b', false],
      ['/s/a', {}],
      ['/s/b', false],
    ]);
  });
});
