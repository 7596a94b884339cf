/**
 * Previewing the built site: `createPreviewServer` and `prerender preview` over real sockets on a build
 * of sample-site, and the page it serves in a real headless Chromium.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, type RunningServer } from '../../src/index.ts';
import { startBinServer } from '../support/bin-server.ts';
import { launchChromium } from '../support/chromium.ts';
import { runCli, tempDir, writeSite } from '../support/helpers.ts';
import { ask } from '../support/poll.ts';
import { sampleBuild } from '../support/sample-build.ts';
import { mediaType, sampleEndpoints, samplePosts, samplePrerendered } from '../support/sample-endpoints.ts';

interface ManifestEntry {
  route: string;
  file: string;
  contentType: string;
}

describe('preview of the built sample-site', () => {
  let root: string;
  let outDir: string;
  let dir: string;
  let manifest: ManifestEntry[];
  let server: RunningServer;
  const url = (path: string) => new URL(path, server.url).href;

  beforeAll(async () => {
    // The shared build is in the copy's own dist/, so the bin finds it without flags; its publicDir
    // holds a planted .env that must never be served.
    ({ root, outDir, dir } = await sampleBuild());
    manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes;
    server = await createPreviewServer({ root, config: { outDir }, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('binds 127.0.0.1 unless told otherwise', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it.each(sampleEndpoints.map((endpoint) => [`${endpoint.init?.method ?? 'GET'} ${endpoint.path}`, endpoint] as const))(
    'answers %s as the dev server does',
    async (_name, endpoint) => {
      const answer = await ask(url(endpoint.path), endpoint.init);
      expect(answer.status).toBe(endpoint.status);
      expect(mediaType(answer.headers.get('content-type'))).toBe(endpoint.type);
      if (typeof endpoint.body === 'string') expect(answer.body).toBe(endpoint.body);
      else expect(endpoint.body(answer.body), answer.body).toBe(true);
    },
  );

  it('answers every prerendered route with the written file and its recorded type', async () => {
    expect(manifest.map((entry) => entry.route).sort()).toEqual(samplePrerendered);
    for (const entry of manifest) {
      const response = await fetch(url(entry.route));
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(join(dir, 'public', entry.file))), entry.route).toBe(true);
      expect(response.headers.get('content-type'), entry.route).toBe(entry.contentType);
      // Served from the file, not the route: the static layer sets these.
      expect(response.headers.get('etag'), entry.route).toMatch(/^W\/".+"$/);
      expect(response.headers.get('cache-control'), entry.route).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 to a stale one', async () => {
    const first = await fetch(url('/api/rss.xml'));
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await ask(url('/api/rss.xml'), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const stale = await ask(url('/api/rss.xml'), { headers: { 'if-none-match': 'W/"0-0"' } });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await fetch(url('/api/posts.json'));
    const length = get.headers.get('content-length');
    await get.arrayBuffer();
    const head = await ask(url('/api/posts.json'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.get('content-length')).toBe(length);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });

  it('serves index.html for the site root, with the type of HTML', async () => {
    const answer = await ask(url('/'));
    expect(answer.body).toBe(readFileSync(join(dir, 'public/index.html'), 'utf8'));
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('falls through to the routes for methods other than GET and HEAD on a prerendered path', async () => {
    const answer = await ask(url('/api/v1/hello'), { method: 'POST' });
    // hello.ts answers every method; the file answers only GET and HEAD.
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('Hello World');
    expect(answer.headers.get('etag')).toBeNull();
  });

  it('falls through to the routes for paths that were not prerendered', async () => {
    const answer = await ask(url('/api/v1/users/99'));
    expect(answer.body).toBe('User profile of 99');
    expect(answer.headers.get('etag')).toBeNull();
  });

  it('never serves a dot-file, and no route of the site answers for it', async () => {
    expect(readFileSync(join(dir, 'public/.env'), 'utf8')).toContain('never-served');
    for (const path of ['/.env', '/%2eenv', '/api/../.env']) {
      const answer = await ask(url(path));
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('never-served');
    }
  });

  it('never serves the files hosts read as configuration, such as _headers', async () => {
    expect(readFileSync(join(dir, 'public/_headers'), 'utf8')).toContain('Content-Type:');
    for (const path of ['/_headers', '/_HEADERS', '/%5Fheaders', '/_redirects']) {
      const answer = await ask(url(path));
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('Content-Type:');
    }
  });

  it('is what `prerender preview` serves, logging one line per request as dev does, until SIGTERM ends it with exit code 0', async () => {
    const preview = await startBinServer('preview', root);
    try {
      const answer = await ask(`${preview.url}/api/rss.xml`);
      expect([answer.status, answer.body]).toEqual([200, readFileSync(join(dir, 'public/api/rss.xml'), 'utf8')]);
      await preview.waitForStderr(/^GET \/api\/rss\.xml 200 \d+ms$/m);
      expect((await ask(`${preview.url}/api/v1/users/7?x=%1b`)).status).toBe(200);
      expect((await ask(`${preview.url}/api/v1/abc`)).status).toBe(400);
      expect((await ask(`${preview.url}/nothing-here`)).status).toBe(404);
      await preview.waitForStderr(/^GET \/nothing-here 404 \d+ms$/m);
      const lines = preview.stderr().split('\n').filter((line) => /^[A-Z]+ \//.test(line));
      expect(lines.map((line) => line.replace(/ \d+ms$/, ''))).toEqual([
        'GET /api/rss.xml 200',
        'GET /api/v1/users/7?x=%1b 200',
        'GET /api/v1/abc 400',
        'GET /nothing-here 404',
      ]);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  });

  it('says which port is taken', async () => {
    const first = await createPreviewServer({ root, config: { outDir }, port: 0 });
    const port = Number(new URL(first.url).port);
    try {
      await expect(createPreviewServer({ root, config: { outDir }, port })).rejects.toMatchObject({
        code: 'SERVER',
        message: `Port ${port} on 127.0.0.1 is already in use.`,
      });
    } finally {
      await first.close();
      await first.close();
    }
  });
});

describe('preview without a build', () => {
  it('rejects with NO_BUILD, telling to run prerender build first', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': 'export default () => 1;\n' });
    await expect(createPreviewServer({ root, config: { outDir: tempDir('empty-out-') }, port: 0 })).rejects.toMatchObject({
      code: 'NO_BUILD',
      hint: 'Run `prerender build` first.',
    });
  });

  it('part of a build (its server removed by hand) is named as such, with the build to run again', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': 'export default () => 1;\n' });
    const outDir = tempDir('part-out-');
    mkdirSync(join(outDir, basename(root), 'public'), { recursive: true });
    await expect(createPreviewServer({ root, config: { outDir }, port: 0 })).rejects.toMatchObject({
      code: 'NO_BUILD',
      message: `The build in ${join(outDir, basename(root))} is not whole: it has no server/index.mjs.`,
      hint: 'Run `prerender build` again: it writes the whole output.',
    });
  });

  it('the bin exits 1 with the same message', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('empty-out-'))} };\n` });
    const result = await runCli(['preview', root, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No build found in');
    expect(result.stderr).toContain('Run `prerender build` first.');
  });

  it('run from a folder inside the site, names the site root and the command to run; exit code 2, as build and dev', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': 'export default () => 1;\n' });
    const result = await runCli(['preview', '--port', '0'], { cwd: join(root, 'src') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error This folder is not the site's root: no routes folder here, nor a build (dist/src); ${root} has route files, and seems to be the site's root.`);
    expect(result.stderr).toContain(`hint: Run the command in ${root}, or pass it the root (\`prerender preview ..\`); build it first if it has no build.`);
  });
});

/**
 * The built sample-site in a real headless Chromium, served by `createPreviewServer`: the page
 * renders the prerendered post list and links the RSS feed. The browser comes from `npm ci` (see
 * test/support/chromium.ts), so the test runs, never skips, on a machine with no browser installed.
 */
describe('sample-site in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const { root, outDir } = await sampleBuild();
    server = await createPreviewServer({ root, config: { outDir }, port: 0 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the posts from /api/posts.json, newest first, each linking its JSON', async () => {
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector('body[data-state="ready"]');

      const items = page.locator('#posts li');
      expect(await items.locator('.post-title').allTextContents()).toEqual(samplePosts.map((post) => post.title));
      expect(await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')))).toEqual(
        samplePosts.map((post) => post.date),
      );
      const links = await items.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toEqual(samplePosts.map((post) => new URL(`/api/posts/${post.slug}.json`, server.url).href));
      expect(await page.locator('#status').textContent()).toBe(`${samplePosts.length} posts`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('links the RSS feed visibly and as an alternate, and the feed answers as text/xml', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      const alternate = await page.locator('link[rel="alternate"][type="application/rss+xml"]').evaluate((link) => (link as HTMLLinkElement).href);
      const visible = page.locator('a#feed');
      expect(await visible.isVisible()).toBe(true);
      expect(await visible.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(alternate);
      expect(new URL(alternate).pathname).toBe('/api/rss.xml');

      // Asked by the page itself, as a feed reader on the site would.
      const feed = await page.evaluate(async (href) => {
        const response = await fetch(href);
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
      }, alternate);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe('text/xml');
      expect(feed.body).toContain(`<title>${samplePosts[0]!.title}</title>`);
    } finally {
      await page.close();
    }
  });
});
