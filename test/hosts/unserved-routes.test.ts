/** Which route files a static host will not serve: the rendered routes reach the others, as the router sends them. */
import { describe, expect, it } from 'vitest';
import { trackServedFiles } from '../../src/hosts/unserved-routes.ts';
import { fileToRoute } from '../../src/routes/file-to-route.ts';

const site = { root: '/site', routesDir: '/site/routes' };
const files = ['api/users/[id].ts', 'api/users/latest.get.ts', 'api/café.json.ts', 'docs/[...path].ts', 'api/hello.ts', 'api/form.post.ts'];
const table = files.map((file) => fileToRoute(file, 'api')!).sort((a, b) => (a.file < b.file ? -1 : 1));

async function unreached(routes: (string | [string, string])[]): Promise<string[]> {
  const served = trackServedFiles(table, site);
  for (const route of routes) typeof route === 'string' ? served.add(route) : served.add(route[0], route[1]);
  return (await served.unserved()).filter((route) => route.note === 'not prerendered').map((route) => route.file.replace('routes/', ''));
}

describe('trackServedFiles', () => {
  it('a file no route reaches is unserved; other methods only are always', async () => {
    const served = trackServedFiles(table, site);
    expect(await served.unserved()).toEqual([
      { method: '', path: '/api/café.json', file: 'routes/api/café.json.ts', note: 'not prerendered' },
      { method: 'POST', path: '/api/form', file: 'routes/api/form.post.ts', note: undefined },
      { method: '', path: '/api/hello', file: 'routes/api/hello.ts', note: 'not prerendered' },
      { method: '', path: '/api/users/:id', file: 'routes/api/users/[id].ts', note: 'not prerendered' },
      { method: 'GET', path: '/api/users/latest', file: 'routes/api/users/latest.get.ts', note: 'not prerendered' },
      { method: '', path: '/docs/**:path', file: 'routes/docs/[...path].ts', note: 'not prerendered' },
    ]);
  });

  it('a method-less file a GET file shadows is named for the methods that still reach it', async () => {
    const shadowed = ['api/feed.json.ts', 'api/feed.json.get.ts'].map((file) => fileToRoute(file, 'api')!);
    const served = trackServedFiles(shadowed, site);
    served.add('/api/feed.json');
    expect(await served.unserved()).toEqual([{ method: '', path: '/api/feed.json', file: 'routes/api/feed.json.ts', note: 'methods other than GET and HEAD' }]);
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
