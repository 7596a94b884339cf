/** `vite preview` of a site never built (src/vite/preview-routes.ts): NO_BUILD says the command a Vite site builds with. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { startPreviewRoutes } from '../../src/vite/preview-routes.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

describe('vite preview before a build', () => {
  it('is NO_BUILD, whose hint says vite build (prerender build would publish the routes without the client)', async () => {
    const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) });
    const config = await loadConfig({ root });
    const error = await catchError(() => startPreviewRoutes(config, () => true));
    expect([error.code, error.hint]).toEqual(['NO_BUILD', 'Run `vite build` first.']);
  });
});

describe('vite preview of a build for a host that serves the files alone', () => {
  const site = () =>
    writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'src/server/routes/api/b.json.ts': route(`() => ({ b: 2 })`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/a.json'] } };`,
    });
  const owns = (pathname: string) => pathname.startsWith('/api/');
  const answer = async (handler: (request: Request) => Promise<Response | undefined>, path: string, method = 'GET') => {
    const response = await handler(new Request(new URL(path, 'http://localhost'), { method }));
    return response && { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
  };

  it("answers as that host (the build's preset, not the config's): the files, a 404 for a route's path, a 405 for a POST", async () => {
    const root = site();
    const outDir = tempDir('out-');
    await buildSite(root, { config: { outDir, preset: 'netlify' } });
    const handler = await startPreviewRoutes(await loadConfig({ root, config: { outDir } }), owns);
    expect(await answer(handler, '/api/a.json')).toEqual({ status: 200, allow: null, body: '{"a":1}' });
    expect(await answer(handler, '/api/b.json')).toEqual({
      status: 404,
      allow: null,
      body: 'Not found: no file of the build is /api/b.json, and Netlify serves the files alone (a route answers nothing there). Prerender the route, or build for another preset to have the routes answer here.\n',
    });
    expect(await answer(handler, '/api/a.json', 'POST')).toMatchObject({ status: 405, allow: 'GET, HEAD', body: expect.stringMatching(/^Method not allowed: Netlify serves the files alone/) });
    // Vite's own paths stay Vite's.
    expect(await answer(handler, '/about')).toBeUndefined();
  });

  it('has the routes answer under the prefix for the default preset (static, deployed with its server or not)', async () => {
    const root = site();
    const outDir = tempDir('out-');
    await buildSite(root, { config: { outDir } });
    const handler = await startPreviewRoutes(await loadConfig({ root, config: { outDir } }), owns);
    expect(await answer(handler, '/api/b.json')).toEqual({ status: 200, allow: null, body: '{"b":2}' });
  });
});
