/** Which route files a static host will not serve: the rendered routes reach the others, as the router sends them. */
import { describe, expect, it } from 'vitest';
import { trackServedFiles } from '../src/build/unserved-routes.ts';
import { fileToRoute } from '../src/routes/file-to-route.ts';

const site = { root: '/site', routesDir: '/site/routes' };
const files = ['api/users/[id].ts', 'api/users/latest.get.ts', 'api/café.json.ts', 'docs/[...path].ts', 'api/hello.ts', 'api/form.post.ts'];
const table = files.map((file) => fileToRoute(file, 'api')!).sort((a, b) => (a.file < b.file ? -1 : 1));

async function unreached(routes: (string | [string, string])[]): Promise<string[]> {
  const served = trackServedFiles(table, site);
  for (const route of routes) typeof route === 'string' ? served.add(route) : served.add(route[0], route[1]);
  return (await served.unserved()).filter((route) => route.notPrerendered).map((route) => route.file.replace('routes/', ''));
}

describe('trackServedFiles', () => {
  it('a file no route reaches is unserved; other methods only are always', async () => {
    const served = trackServedFiles(table, site);
    expect(await served.unserved()).toEqual([
      { method: '', path: '/api/café.json', file: 'routes/api/café.json.ts', notPrerendered: true },
      { method: 'POST', path: '/api/form', file: 'routes/api/form.post.ts', notPrerendered: false },
      { method: '', path: '/api/hello', file: 'routes/api/hello.ts', notPrerendered: true },
      { method: '', path: '/api/users/:id', file: 'routes/api/users/[id].ts', notPrerendered: true },
      { method: 'GET', path: '/api/users/latest', file: 'routes/api/users/latest.get.ts', notPrerendered: true },
      { method: '', path: '/docs/**:path', file: 'routes/docs/[...path].ts', notPrerendered: true },
    ]);
  });

  it.each([
    [['/api/hello'], ['api/café.json.ts', 'api/users/[id].ts', 'api/users/latest.get.ts', 'docs/[...path].ts']],
    // The router sends /api/users/latest to the GET file, not the parameter's.
    [['/api/users/latest'], ['api/café.json.ts', 'api/hello.ts', 'api/users/[id].ts', 'docs/[...path].ts']],
    [['/api/users/7', '/api/users/latest/'], ['api/café.json.ts', 'api/hello.ts', 'docs/[...path].ts']],
    // Other spellings of one URL reach the same file.
    [['/api/caf%c3%a9.json', '/api//hello', '/docs/a/b/c'], ['api/users/[id].ts', 'api/users/latest.get.ts']],
    // A route listed by a file's entries reaches that file without asking the router.
    [[['/api/users/1', 'routes/api/users/[id].ts'], '/api/HELLO'], ['api/café.json.ts', 'api/hello.ts', 'api/users/latest.get.ts', 'docs/[...path].ts']],
  ] as const)('%j leaves %j unreached', async (routes, left) => {
    expect(await unreached([...routes] as (string | [string, string])[])).toEqual(left);
  });
});
