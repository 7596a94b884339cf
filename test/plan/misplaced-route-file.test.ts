/** A route file where another tool reads routes (src/plan/misplaced-route-file.ts), named by the route it was meant to serve. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { misplacedRouteFile } from '../../src/plan/misplaced-route-file.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

const site = (root: string, apiPrefix = 'api') => ({ root, routesDir: join(root, 'src/server/routes'), apiPrefix });

describe('misplacedRouteFile', () => {
  it.each([
    ['server/api/hello.ts', '/api/hello', 'src/server/routes/api/hello.ts'],
    ['src/server/api/hello.ts', '/api/hello', 'src/server/routes/api/hello.ts'],
    ['src/api/posts.json.ts', '/api/posts.json', 'src/server/routes/api/posts.json.ts'],
    ['api/feed.xml.mjs', '/api/feed.xml', 'src/server/routes/api/feed.xml.mjs'],
    ['routes/about.get.ts', '/about', 'src/server/routes/about.get.ts'],
    ['server/routes/docs/index.ts', '/docs', 'src/server/routes/docs/index.ts'],
  ])('%s, for %s: move it to %s', (file, listed, moveTo) => {
    const root = writeSite({ [file]: route(`() => 'x'`) });
    expect(misplacedRouteFile(listed, site(root))).toEqual({ file, moveTo });
  });

  it('under another apiPrefix, the api folder still holds the routes under it', () => {
    const root = writeSite({ 'server/api/v1/hello.ts': route(`() => 'x'`) });
    expect(misplacedRouteFile('/services/v1/hello', site(root, 'services'))).toEqual({ file: 'server/api/v1/hello.ts', moveTo: 'src/server/routes/api/v1/hello.ts' });
  });

  it('none for a file in routesDir, a route of no file anywhere, or a route that is no plain path', () => {
    const root = writeSite({ 'src/server/routes/api/api/hello.ts': route(`() => 'x'`), 'server/api/x.ts': route(`() => 'x'`) });
    expect(misplacedRouteFile('/api/hello', site(root))).toBeUndefined();
    expect(misplacedRouteFile('/api/missing', site(root))).toBeUndefined();
    for (const listed of ['/', '/api', '/api/../server/api/x']) expect(misplacedRouteFile(listed, site(root))).toBeUndefined();
  });
});

describe('a build listing a route whose file is in Nitro\'s server/api/', () => {
  it('fails NO_ROUTE_FILE naming the file and where to move it', async () => {
    const root = writeSite({
      'server/api/hello.ts': route(`() => 'hi'`),
      'src/server/routes/api/other.txt.ts': route(`() => 'x'`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/hello', '/api/other.txt'] } };`,
    });
    const error = await catchError(() => buildSite(root, { typecheck: false }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain(
      '/api/hello  no route file matches this route, listed in prerender.routes; server/api/hello.ts would serve it, but route files are read from routesDir: move it to src/server/routes/api/hello.ts',
    );
  });
});
