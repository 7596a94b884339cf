/** A method-less route file that never answers GET or HEAD: a method file on its path takes both. */
import { describe, expect, it } from 'vitest';
import { fileToRoute } from '../../src/routes/file-to-route.ts';
import { createRouteFinder } from '../../src/routes/route-finder.ts';
import { findShadowedRoutes } from '../../src/routes/shadowed-routes.ts';

const table = (files: string[]) => files.map((file) => fileToRoute(file, 'api')!);

describe('findShadowedRoutes', () => {
  it.each([
    [['api/feed.json.ts', 'api/feed.json.get.ts'], [{ file: 'api/feed.json.ts', path: '/api/feed.json', get: 'api/feed.json.get.ts' }]],
    [['api/users/[id].ts', 'api/users/[slug].get.ts'], [{ file: 'api/users/[id].ts', path: '/api/users/:id', get: 'api/users/[slug].get.ts' }]],
    [['docs/[...path].ts', 'docs/[...rest].GET.ts'], [{ file: 'docs/[...path].ts', path: '/docs/**:path', get: 'docs/[...rest].GET.ts' }]],
    [['api/x.ts', 'api/x.get.ts', 'api/x.head.ts'], [{ file: 'api/x.ts', path: '/api/x', get: 'api/x.get.ts', head: 'api/x.head.ts' }]],
    // GET still reaches the method-less file: only HEAD, or other methods, are taken.
    [['api/x.ts', 'api/x.head.ts'], []],
    [['api/x.ts', 'api/x.post.ts', 'api/x.delete.ts'], []],
    // Another shape: the method-less file keeps the URLs the GET file does not match.
    [['api/users/[id].ts', 'api/users/latest.get.ts'], []],
    [['api/[...].ts', 'api/hello.get.ts'], []],
    [['api/feed.json.ts'], []],
  ])('%j', (files, shadowed) => {
    expect(findShadowedRoutes(table(files))).toEqual(shadowed);
  });

  it('agrees with the runtime router: GET and HEAD of the path never reach the shadowed file, other methods do', async () => {
    const routes = table(['api/feed.json.ts', 'api/feed.json.get.ts', 'api/users/[id].ts', 'api/users/[id].get.ts', 'api/users/[id].head.ts']);
    const find = createRouteFinder(routes);
    const ask = (method: string, path: string) => find(new Request(new URL(path, 'http://localhost'), { method }));
    for (const { file, path } of findShadowedRoutes(routes)) {
      const url = path.replace(':id', '7');
      expect(await ask('GET', url)).not.toBe(file);
      expect(await ask('HEAD', url)).not.toBe(file);
      expect(await ask('POST', url)).toBe(file);
      expect(await ask('DELETE', url)).toBe(file);
    }
    expect(findShadowedRoutes(routes).map((route) => route.file)).toEqual(['api/feed.json.ts', 'api/users/[id].ts']);
  });
});
