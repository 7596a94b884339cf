/**
 * `prerender preview` of a build for a host that serves the files alone (a static preset: GitHub
 * Pages runs no route): a path that is no file is a 404 saying why, as on that host, where the
 * default preset's preview asks the routes.
 */
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

const site = (preset: string) =>
  writeSite({
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/api/subscribe.post.ts': route(`() => ({ subscribed: true })`),
    'prerender.config.mjs': `export default { name: 'items', preset: '${preset}', prerender: { routes: ['/api/items/1.json'] } };`,
  });

async function preview(preset: string, ask: (url: (path: string) => URL) => Promise<void>): Promise<string[]> {
  const root = site(preset);
  const { outDir } = await buildSite(root);
  const logger = createMemoryLogger();
  const server = await createPreviewServer({ root, config: { outDir }, port: 0, logger });
  try {
    await ask((path) => new URL(path, server.url));
  } finally {
    await server.close();
  }
  return logger.lines;
}

describe('preview of a static host preset', () => {
  it('github-pages: serves the files written, and answers 404 for what only a route answers, saying why', async () => {
    const lines = await preview('github-pages', async (url) => {
      const file = await fetch(url('/api/items/1.json'));
      expect([file.status, file.headers.get('content-type'), await file.text()]).toEqual([200, 'application/json;charset=UTF-8', '{"id":"1"}']);
      const routeOnly = await fetch(url('/api/items/2.json'));
      expect([routeOnly.status, await routeOnly.text()]).toEqual([
        404,
        'Not found: no file of the build is /api/items/2.json, and GitHub Pages serves the files alone (a route answers nothing there). Prerender the route, or preview with another preset to ask the routes.\n',
      ]);
      const post = await fetch(url('/api/subscribe'), { method: 'POST' });
      expect(post.status).toBe(404);
    });
    expect(lines).toContain('serving the files of public/ alone, as GitHub Pages does (preset "github-pages"): no route answers, a path that is no file is a 404');
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/api\/items\/2\.json 404 \d+ms$/)]));
  });

  it('static (the default, deployed with its server or not): the routes answer what no file does', async () => {
    const lines = await preview('static', async (url) => {
      const routeOnly = await fetch(url('/api/items/2.json'));
      expect([routeOnly.status, await routeOnly.text()]).toEqual([200, '{"id":"2"}']);
      const post = await fetch(url('/api/subscribe'), { method: 'POST' });
      expect([post.status, await post.text()]).toEqual([200, '{"subscribed":true}']);
    });
    expect(lines.some((line) => line.includes('alone'))).toBe(false);
  });
});
