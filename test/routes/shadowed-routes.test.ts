/**
 * A method-less route file that never answers GET or HEAD (src/routes/shadowed-routes.ts): a method file
 * on its path takes both, and the build warns naming both files and the fix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileToRoute } from '../../src/routes/file-to-route.ts';
import { createRouteFinder } from '../../src/routes/route-finder.ts';
import { findShadowedRoutes } from '../../src/routes/shadowed-routes.ts';
import { buildSite, route, runCli, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

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

describe('a method-less route file shadowed by a method file on its path', () => {
  it('warns naming both files, what still reaches the first and the fix; --json lists it', async () => {
    const root = writeSite({
      [`${api}/feed.json.ts`]: route(`() => ({ from: 'feed.json.ts' })`),
      [`${api}/feed.json.get.ts`]: route(`() => ({ from: 'feed.json.get.ts' })`),
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/feed.json'] } };`,
    });
    const message =
      'Route file src/server/routes/api/feed.json.ts never answers GET or HEAD: src/server/routes/api/feed.json.get.ts answers both for /api/feed.json, ' +
      'so only other methods reach src/server/routes/api/feed.json.ts, and it is never prerendered. Remove it, or name it for the methods it is meant for (such as feed.json.post.ts).';
    const { report, logger, dir } = await buildSite(root);
    expect(report.warnings).toEqual([{ code: 'SHADOWED_ROUTE', message }]);
    expect(logger.lines).toContain(`warning ${message}`);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/feed.json'), 'utf8'))).toEqual({ from: 'feed.json.get.ts' });

    const cli = await runCli(['build', root, '--json', '--no-typecheck']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).warnings).toEqual([{ code: 'SHADOWED_ROUTE', message }]);
  });
});
