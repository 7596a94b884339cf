/** findNearbyRoutes (src/routes/nearby-routes.ts): the folder with route files near a routesDir that is missing. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNearbyRoutes } from '../../src/routes/nearby-routes.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const routeFiles = { 'src/server/routes/api/a.ts': '', 'src/server/routes/api/b.get.ts': '', 'src/server/routes/api/types.d.ts': '', 'src/server/routes/api/a.test.ts': '' };
const routes = 'src/server/routes';

describe('findNearbyRoutes', () => {
  it('run from a folder inside the site: the site above, and its route files (not .d.ts, not tests)', () => {
    const site = writeSite(routeFiles);
    for (const inside of [join(site, 'src'), join(site, 'src/server/routes/api')]) {
      expect(findNearbyRoutes(inside, join(inside, routes))).toEqual({ routesDir: join(site, routes), files: 2, root: site });
    }
  });

  it('run from the folder holding the site: the site one level down', () => {
    const parent = tempDir('parent-');
    writeSite({ 'README.md': '' }, join(parent, 'docs'));
    const site = writeSite(routeFiles, join(parent, 'my-site'));
    expect(findNearbyRoutes(parent, join(parent, routes))).toEqual({ routesDir: join(site, routes), files: 2, root: site });
  });

  it('a misspelt routesDir: the folder whose name is closest to the first missing one', () => {
    const site = writeSite(routeFiles);
    expect(findNearbyRoutes(site, join(site, 'src/server/rotues'))).toEqual({ routesDir: join(site, routes), files: 2 });
    expect(findNearbyRoutes(site, join(site, 'src/sever/routes'))).toEqual({ routesDir: join(site, routes), files: 2 });
  });

  it('routes laid out as other tools do (src/routes, server/routes): the folder of the same name', () => {
    const site = writeSite({ 'src/routes/api/a.ts': '', 'src/routes/api/b.ts': '', 'docs/routes/readme.md': '' });
    expect(findNearbyRoutes(site, join(site, routes))).toEqual({ routesDir: join(site, 'src/routes'), files: 2 });
    const nitro = writeSite({ 'server/routes/api/a.ts': '' });
    expect(findNearbyRoutes(nitro, join(nitro, routes))).toEqual({ routesDir: join(nitro, 'server/routes'), files: 1 });
  });

  it('none: no folder near with route files, an empty one, or a name too far from any', () => {
    const site = writeSite({ 'src/server/routes/readme.md': '', 'lib/x.ts': '' });
    expect(findNearbyRoutes(site, join(site, routes + '-x'))).toBeUndefined();
    expect(findNearbyRoutes(site, join(site, 'app/handlers'))).toBeUndefined();
    expect(findNearbyRoutes(site, site)).toBeUndefined();
  });
});
