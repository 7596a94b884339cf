/** A listed route a file of publicDir serves (src/plan/public-file.ts): its NO_ROUTE_FILE failure names that file. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicFileOf } from '../../src/plan/public-file.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

const site = (root: string) => ({ root, publicDir: join(root, 'public') });

describe('publicFileOf', () => {
  it('finds the file the static layer answers a path with: the file itself, else its folder\'s index.html', () => {
    const root = writeSite({ 'public/index.html': '<h1>Home</h1>', 'public/docs/index.html': 'docs', 'public/robots.txt': 'User-agent: *\n', 'public/caf\u00e9.txt': 'x' });
    expect(publicFileOf('/', site(root))).toBe('public/index.html');
    expect(publicFileOf('/docs', site(root))).toBe('public/docs/index.html');
    expect(publicFileOf('/docs/', site(root))).toBe('public/docs/index.html');
    expect(publicFileOf('/robots.txt', site(root))).toBe('public/robots.txt');
    expect(publicFileOf('/caf%C3%A9.txt', site(root))).toBe('public/caf\u00e9.txt');
  });

  it('none for a path no file of publicDir answers, a folder without index.html, or a path leaving the folder', () => {
    const root = writeSite({ 'public/assets/logo.svg': '<svg/>', 'secret.txt': 'x' });
    for (const listed of ['/about', '/assets', '/%2E%2E/secret.txt', '/%E0%A4%A']) expect(publicFileOf(listed, site(root))).toBeUndefined();
  });
});

describe('a build listing "/" where public/index.html is the home page', () => {
  it('fails NO_ROUTE_FILE saying the file serves it and to remove the route', async () => {
    const root = writeSite({
      'public/index.html': '<h1>Home</h1>',
      'src/server/routes/api/hello.txt.ts': route(`() => 'hi'`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/', '/api/hello.txt'] } };`,
    });
    const error = await catchError(() => buildSite(root, { typecheck: false }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain('/  no route file matches this route, listed in prerender.routes; public/index.html serves it, published as it is: remove the route from prerender.routes');
  });
});
