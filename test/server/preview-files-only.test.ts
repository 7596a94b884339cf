/**
 * `prerender preview` of a build for a host that serves the files alone (a static preset: GitHub
 * Pages runs no route): a path that is no file is a 404 saying why, as on that host, where the
 * default preset's preview asks the routes.
 */
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import type { Preset } from '../../src/config/types.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

const site = (preset: string, files: Record<string, string> = {}) =>
  writeSite({
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/api/subscribe.post.ts': route(`() => ({ subscribed: true })`),
    'prerender.config.mjs': `export default { name: 'items', preset: '${preset}', prerender: { routes: ['/api/items/1.json'] } };`,
    ...files,
  });

/** Previews a build of the site whose config has `preset`; `builtFor`: the build's own (`--preset`). */
async function preview(preset: string, ask: (url: (path: string) => URL) => Promise<void>, builtFor?: Preset, files?: Record<string, string>): Promise<string[]> {
  const root = site(preset, files);
  const { outDir } = await buildSite(root, builtFor ? { config: { preset: builtFor } } : {});
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
      // Typed as GitHub Pages types a .json file, where the route answered `application/json;charset=UTF-8`.
      expect([file.status, file.headers.get('content-type'), await file.text()]).toEqual([200, 'application/json; charset=utf-8', '{"id":"1"}']);
      const routeOnly = await fetch(url('/api/items/2.json'));
      expect([routeOnly.status, await routeOnly.text()]).toEqual([
        404,
        'Not found: no file of the build is /api/items/2.json, and GitHub Pages serves the files alone (a route answers nothing there). Prerender the route, or build for another preset to have the routes answer here.\n',
      ]);
      const post = await fetch(url('/api/subscribe'), { method: 'POST' });
      expect([post.status, post.headers.get('allow'), await post.text()]).toEqual([
        405,
        'GET, HEAD',
        'Method not allowed: GitHub Pages serves the files alone, to GET and HEAD; a POST reaches no route there. Build for another preset to have the routes answer here.\n',
      ]);
      const postToFile = await fetch(url('/api/items/1.json'), { method: 'POST' });
      expect(postToFile.status).toBe(405);
    });
    expect(lines).toContain('serving the files of public/ alone, as GitHub Pages does (preset "github-pages"): no route answers, a path that is no file is a 404 (with public/404.html when there is one)');
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

  it('follows the preset the build was made for (prerender build --preset), not the config\'s, and says so', async () => {
    const builtForPages = await preview('static', async (url) => {
      const routeOnly = await fetch(url('/api/items/2.json'));
      expect(routeOnly.status).toBe(404);
    }, 'github-pages');
    expect(builtForPages).toContain('the build was made for preset "github-pages" (the config says "static"): previewing it as built; prerender build writes it for the config\'s');
    expect(builtForPages).toContain('serving the files of public/ alone, as GitHub Pages does (preset "github-pages"): no route answers, a path that is no file is a 404 (with public/404.html when there is one)');

    const builtForNode = await preview('github-pages', async (url) => {
      const routeOnly = await fetch(url('/api/items/2.json'));
      expect([routeOnly.status, await routeOnly.text()]).toEqual([200, '{"id":"2"}']);
    }, 'static');
    expect(builtForNode).toContain('the build was made for preset "static" (the config says "github-pages"): previewing it as built; prerender build writes it for the config\'s');
    expect(builtForNode.some((line) => line.includes('alone'))).toBe(false);
  });

  it('answers a path no file is with the build\'s 404.html, status 404, as those hosts do', async () => {
    const page = '<!doctype html><title>Lost</title><p>No such page.</p>';
    await preview('netlify', async (url) => {
      const missing = await fetch(url('/api/items/2.json'));
      expect([missing.status, missing.headers.get('content-type'), await missing.text()]).toEqual([404, 'text/html; charset=utf-8', page]);
      const head = await fetch(url('/nothing/here'), { method: 'HEAD' });
      expect([head.status, head.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
      const file = await fetch(url('/api/items/1.json'));
      expect([file.status, await file.text()]).toEqual([200, '{"id":"1"}']);
    }, undefined, { 'public/404.html': page });
  });

  it("cloudflare: answers with the nearest 404.html up the path's folders, as wrangler pages dev does", async () => {
    const top = '<p>top 404</p>';
    const api = '<p>api 404</p>';
    await preview('cloudflare', async (url) => {
      for (const [path, body] of [['/api/items/2.json', api], ['/api/deeper/x', api], ['/nothing', top]]) {
        const missing = await fetch(url(path));
        expect([missing.status, missing.headers.get('content-type'), await missing.text()], path).toEqual([404, 'text/html; charset=utf-8', body]);
      }
      // Its HTML handling: a page's file by its name is sent to the URL it is served at, which answers it.
      for (const [path, location] of [['/index.html', '/'], ['/404.html', '/404'], ['/about.html?x=1', '/about?x=1']]) {
        const moved = await fetch(url(path), { redirect: 'manual' });
        expect([moved.status, moved.headers.get('location')], path).toEqual([308, location]);
      }
      expect(await (await fetch(url('/about'))).text()).toBe('<p>about</p>');
      const page404 = await fetch(url('/404'));
      expect([page404.status, await page404.text()]).toEqual([200, top]);
    }, undefined, { 'public/index.html': '<h1>home</h1>', 'public/about.html': '<p>about</p>', 'public/404.html': top, 'public/api/404.html': api });
  });

  it('cloudflare: with an index.html and no 404.html at the top, answers index.html with 200 (a single-page app, as Cloudflare takes it), and the build warns', async () => {
    const root = site('cloudflare', { 'public/index.html': '<h1>home</h1>' });
    const { outDir, logger } = await buildSite(root);
    expect(logger.lines.filter((line) => line.includes('SINGLE_PAGE') || line.includes('single-page app'))).toEqual([
      'warning public/ has an index.html and no 404.html: Cloudflare Pages then takes the site for a single-page app and answers every path that is no file with index.html and status 200, so a request for a route that does not exist (/api/posts/nope.json) gets that HTML, not a 404. Add a 404.html to publicDir (or a route routes/404.html.ts) to have missing paths answered 404.',
    ]);
    const lines = createMemoryLogger();
    const server = await createPreviewServer({ root, config: { outDir }, port: 0, logger: lines });
    try {
      // A path with an extension or without (no 301 to a folder: the answer is no route's page).
      for (const path of ['/api/items/2.json', '/api/nope', '/api/items']) {
        const missing = await fetch(new URL(path, server.url), { redirect: 'manual' });
        expect([missing.status, missing.headers.get('content-type'), await missing.text()], path).toEqual([200, 'text/html; charset=utf-8', '<h1>home</h1>']);
      }
    } finally {
      await server.close();
    }
    expect(lines.lines).toContain(
      'serving the files of public/ alone, as Cloudflare Pages does (preset "cloudflare"): no route answers, a path that is no file gets the nearest 404.html with 404, or, when public/ has no 404.html, index.html with 200 (Cloudflare takes the site for a single-page app)',
    );
    // Without an index.html, a 404 saying why.
    await preview('cloudflare', async (url) => {
      expect((await fetch(url('/api/items/2.json'))).status).toBe(404);
    });
  });

  it('github-pages: types each file as GitHub Pages does, without the headers a route set (it reads no _headers)', async () => {
    const files = {
      'src/server/routes/api/hello.ts': route(`(event) => { event.res.headers.set('cache-control', 'public, max-age=60'); event.res.headers.set('content-type', 'text/plain; charset=utf-8'); return 'hi'; }`),
      'src/server/routes/api/feed.xml.ts': route(`(event) => { event.res.headers.set('content-type', 'application/rss+xml'); return '<rss/>'; }`),
      'prerender.config.mjs': `export default { name: 'items', preset: 'github-pages', mistypedFiles: 'warn', prerender: { routes: ['/api/hello', '/api/feed.xml'] } };`,
    };
    await preview('github-pages', async (url) => {
      const hello = await fetch(url('/api/hello'));
      expect([hello.status, hello.headers.get('content-type'), hello.headers.get('cache-control'), await hello.text()]).toEqual([200, 'application/octet-stream', 'public, max-age=0, must-revalidate', 'hi']);
      const feed = await fetch(url('/api/feed.xml'));
      expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'application/xml']);
    }, undefined, files);
  });
});
