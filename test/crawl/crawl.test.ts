/**
 * `prerender.crawl` (src/crawl/crawl.ts): the routes the rendered bodies link to are rendered too, in a
 * build (test/support/linked-site.ts) and in the frontier alone; reading links and naming their routes
 * are tested beside find-links.ts and link-route.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/report/build-report.ts';
import { createCrawl } from '../../src/crawl/crawl.ts';
import { FileClaims } from '../../src/output/file-claims.ts';
import type { ManifestEntry } from '../../src/output/manifest.ts';
import { catchError, catchErrorSync } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { crawlConfig, host, html, linkedSite } from '../support/linked-site.ts';

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes as ManifestEntry[];

describe('prerender.crawl on a site of feeds, JSON, HTML and a sitemap', () => {
  let report: BuildReport;
  let dir: string;
  let lines: string[];
  let manifest: ManifestEntry[];
  const foundOn = (route: string) => manifest.find((entry) => entry.route === route)?.foundOn;

  beforeAll(async () => {
    // Items and posts link back to listed routes and to each other: a route rendered twice would
    // claim its file twice, an OUTPUT_CLASH, so this build succeeding shows each was rendered once.
    const built = await buildSite(linkedSite(crawlConfig()), { now: () => 0 });
    ({ report, dir } = built);
    lines = built.logger.lines;
    manifest = readManifest(dir);
  });

  it('prerenders the links of an RSS feed: item <link>, <enclosure url>, with query and fragment dropped', () => {
    expect(readFileSync(join(dir, 'public/posts/1/index.html'), 'utf8')).toContain('<h1>post 1</h1>');
    expect(readFileSync(join(dir, 'public/posts/2/index.html'), 'utf8')).toContain('<h1>post 2</h1>');
    expect([...readFileSync(join(dir, 'public/media/1.mp3'))]).toEqual([1, 2, 3]);
    expect(foundOn('/posts/1')).toBe('/feed.xml');
    expect(foundOn('/posts/2')).toBe('/feed.xml');
    expect(foundOn('/media/1.mp3')).toBe('/feed.xml');
    expect(existsSync(join(dir, 'public/posts/9'))).toBe(false);
  });

  it('prerenders the links of a JSON list: root-relative and absolute on sitemap.host, not another host', () => {
    expect(JSON.parse(readFileSync(join(dir, 'public/api/items/1.json'), 'utf8'))).toEqual({ id: '1', list: '/api/items.json' });
    expect(JSON.parse(readFileSync(join(dir, 'public/api/items/2.json'), 'utf8'))).toEqual({ id: '2', list: '/api/items.json' });
    expect(existsSync(join(dir, 'public/api/items/3.json'))).toBe(false);
    expect(foundOn('/api/items/1.json')).toBe('/api/items.json');
    expect(foundOn('/api/items/2.json')).toBe('/api/items.json');
    // Written `/api/items/4.json/`: crawled without the "/", so a JSON route is not refused as a folder.
    expect(JSON.parse(readFileSync(join(dir, 'public/api/items/4.json'), 'utf8')).id).toBe('4');
  });

  it('prerenders HTML href and src, resolved against <base href> and the page URL; never script text', () => {
    expect(foundOn('/posts/3')).toBe('/');
    expect(foundOn('/about')).toBe('/');
    expect(foundOn('/about/me')).toBe('/about');
    expect(existsSync(join(dir, 'public/about/index.html'))).toBe(true);
    expect(manifest.some((entry) => entry.route === '/in-script')).toBe(false);
  });

  it('prerenders the <loc> of an XML sitemap', () => {
    expect(readFileSync(join(dir, 'public/pages/guide/index.html'), 'utf8')).toBe('<h1>guide</h1>');
    expect(foundOn('/pages/guide')).toBe('/sitemap-pages.xml');
  });

  it('renders each page once, whatever its spelling, and the listed routes are not crawled again', () => {
    const routes = manifest.map((entry) => entry.route);
    expect(new Set(routes).size).toBe(routes.length);
    // /api/items/%31.json, /api/items/1.json?page=1 and the absolute URL are one route; /posts/1/ is /posts/1.
    expect(routes.filter((r) => r.startsWith('/api/items/1'))).toEqual(['/api/items/1.json']);
    expect(routes.filter((r) => r.startsWith('/posts/1'))).toEqual(['/posts/1']);
    // Linked back from every item and post: listed, so never found.
    expect(foundOn('/api/items.json')).toBeUndefined();
    expect(foundOn('/feed.xml')).toBeUndefined();
    expect(foundOn('/')).toBeUndefined();
  });

  it('leaves publicDir files, paths no route serves and other schemes alone, and warns of malformed paths', () => {
    const routes = manifest.map((entry) => entry.route);
    expect(routes).not.toContain('/logo.png');
    expect(routes).not.toContain('/nowhere');
    expect(routes).not.toContain('/api/subscribe');
    expect(report.failures).toEqual([]);
    expect(readFileSync(join(dir, 'public/logo.png'), 'utf8')).toBe('png');
    const skipped = report.warnings.filter((w) => w.code === 'CRAWL_LINK_SKIPPED');
    expect(skipped).toHaveLength(1);
    expect(skipped[0].message).toContain('"/a%2Fb" on / ("a%2Fb" decodes to a path separator)');
    expect(lines.some((line) => line.includes('CRAWL_LINK_SKIPPED') || line.includes('Crawling left out 1 link'))).toBe(true);
  });

  it('lists every route in the manifest and the sitemap sorted by route, and counts the crawled ones', () => {
    const routes = manifest.map((entry) => entry.route);
    expect(routes).toEqual([...routes].sort());
    expect(routes).toEqual([
      '/', '/about', '/about/me', '/api/items.json', '/api/items/1.json', '/api/items/2.json', '/api/items/4.json', '/feed.xml', '/media/1.mp3',
      '/pages/guide', '/posts/1', '/posts/2', '/posts/3', '/sitemap-pages.xml',
    ]);
    expect(report.crawled).toBe(10);
    expect(report.ok).toBe(14);
    expect(lines.some((line) => line.startsWith('14 routes ok, 0 failed (10 found by crawling), '))).toBe(true);
    const sitemap = readFileSync(join(dir, 'public/sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${host}/posts/1/</loc>`);
    expect(sitemap).toContain(`<loc>${host}/api/items/2.json</loc>`);
    expect(sitemap.indexOf('/api/items/1.json')).toBeLessThan(sitemap.indexOf('/feed.xml'));
    const line = readFileSync(join(dir, 'prerender-manifest.json'), 'utf8').split('\n').find((l) => l.includes('"/posts/1"'));
    expect(line).toBe('    {"route":"/posts/1","foundOn":"/feed.xml","file":"posts/1/index.html","status":200,"contentType":"text/html; charset=utf-8","bytes":75,"ms":0},');
  });

  it('writes byte-identical output again with another concurrency', async () => {
    const again = await buildSite(linkedSite(crawlConfig(', concurrency: 1')), { now: () => 0 });
    for (const file of ['prerender-manifest.json', 'public/sitemap.xml']) {
      expect(readFileSync(join(again.dir, file), 'utf8')).toBe(readFileSync(join(dir, file), 'utf8'));
    }
  });
});

describe('prerender.crawl failures', () => {
  it('a crawled route that fails fails the build as a listed one would, naming where it was found', async () => {
    const root = linkedSite(`{ routes: ['/api/items.json'], crawl: true }`, {
      'src/server/routes/api/items/[id].json.ts': route(`(event) => { if (getRouterParam(event, 'id') === '2') throw createError({ statusCode: 404, statusMessage: 'No item 2' }); return { ok: true }; }`, 'defineEventHandler, getRouterParam, createError'),
    });
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(root, { config: { outDir, prerender: { sitemap: { host } } } }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('/api/items/2.json  404  No item 2 (src/server/routes/api/items/[id].json.ts) (found on /api/items.json)');
    expect((error.details as BuildReport).failures).toEqual([{ route: '/api/items/2.json', status: 404, error: 'No item 2 (src/server/routes/api/items/[id].json.ts)', foundOn: '/api/items.json' }]);
    expect((error.details as BuildReport).crawled).toBe(3);
    expect(existsSync(join(outDir, 'linked'))).toBe(false);
  });

  it('with failOnError false, the failed crawled route is reported and left out, the rest published', async () => {
    const root = linkedSite(`{ routes: ['/api/items.json'], crawl: true, failOnError: false, sitemap: { host: '${host}' } }`, {
      'src/server/routes/api/items/[id].json.ts': route(`(event) => { if (getRouterParam(event, 'id') === '2') throw new Error('boom'); return { ok: true }; }`, 'defineEventHandler, getRouterParam'),
    });
    const { report, dir } = await buildSite(root);
    // Named at its line where the stack is source-mapped (the CLI), else by its file (this test runner).
    const error = expect.stringMatching(/^the handler threw Error: boom \(src\/server\/routes\/api\/items\/\[id\]\.json\.ts(:\d+)?\)$/);
    expect(report.failures).toEqual([{ route: '/api/items/2.json', status: 500, error, foundOn: '/api/items.json' }]);
    expect(existsSync(join(dir, 'public/api/items/1.json'))).toBe(true);
    expect(existsSync(join(dir, 'public/api/items/2.json'))).toBe(false);
  });

  it('a crawled route writing a listed route\'s file fails, naming both', async () => {
    const root = writeSite({
      'src/server/routes/list.json.ts': route(`() => ['/data']`),
      'src/server/routes/data.ts': html(`'<p>data</p>'`),
      'src/server/routes/data/index.html.ts': html(`'<p>index</p>'`),
      'prerender.config.mjs': `export default { name: 'clash', prerender: { routes: ['/data/index.html', '/list.json'], crawl: true } };`,
    });
    const error = await catchError(() => buildSite(root));
    expect([error.code, error.exitCode]).toEqual(['ROUTES_FAILED', 1]);
    expect(error.message.split('\n').slice(0, 2)).toEqual([
      '1 route failed to prerender; nothing was published:',
      `  /data  200  route "/data" and route "/data/index.html" both write data/index.html. Give one of the routes another path, or drop it where it is listed (prerender.routes, or its route file's entries). (found on /list.json)`,
    ]);
  });

  it('past prerender.crawl.limit the build fails with exit 1, and nothing is written', async () => {
    // Each page links the next: a chain without end, which only the limit stops.
    const root = writeSite({
      'src/server/routes/pages/[n].json.ts': route(`(event) => ({ next: '/pages/' + (Number(getRouterParam(event, 'n').replace('.json', '')) + 1) + '.json' })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'chain', prerender: { routes: ['/pages/1.json'], crawl: { limit: 5 } } };`,
    });
    const { code, stdout, stderr } = await runCli(['build', root, '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error.code).toBe('CRAWL_LIMIT');
    expect(stderr + stdout).toContain('Crawling found more than 5 links to follow (prerender.crawl.limit); the next, "/pages/7.json", was found on "/pages/6.json"');
    expect(existsSync(join(root, 'dist', 'chain'))).toBe(false);
    expect(existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []).toEqual([]);
  });

  it('--shard with crawling is a usage error (exit 2)', async () => {
    const root = linkedSite(crawlConfig());
    const error = await catchError(() => buildSite(root, { shard: { index: 1, count: 2 } }));
    expect(error.code).toBe('USAGE');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('--shard cannot be used with prerender.crawl (set in prerender.config.mjs)');
  });

  it('--shard with crawling set in the config option names that option, not a config file', async () => {
    const root = linkedSite("{ routes: ['/'] }");
    const error = await catchError(() => buildSite(root, { shard: { index: 1, count: 2 }, config: { prerender: { crawl: true } } }));
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain('--shard cannot be used with prerender.crawl (set in the `config` option)');
    expect(error.hint).toContain('set prerender.crawl to false in the `config` option');
  });
});

describe('the crawl frontier', () => {
  /** Links as the reader gives them, each written as the route it names. */
  const links = (routes: string[]) => routes.map((route) => ({ link: route, route }));
  const frontier = (limit = 100) => {
    const claims = new FileClaims();
    claims.claim('logo.png', 'the file public/logo.png');
    claims.claim('docs/index.html', 'the file public/docs/index.html');
    return createCrawl({ listed: [{ route: '/caf%c3%a9' }, { route: '/list.json' }], limit, claims });
  };

  it('takes each path once in any spelling, sorted by route within a level, skipping listed routes and publicDir files', () => {
    const crawl = frontier();
    crawl.add(links(['/z', '/café', '/caf%C3%A9', '/b/', '/logo.png', '/docs/', '/list.json/']), '/list.json');
    crawl.add(links(['/b', '/a', '/z']), '/z');
    expect([...crawl.next()]).toEqual([
      { route: '/a', sitemap: {}, foundOn: '/z' },
      { route: '/b', sitemap: {}, foundOn: '/list.json' },
      { route: '/z', sitemap: {}, foundOn: '/list.json' },
    ]);
    expect(crawl.next().length).toBe(0);
    expect(crawl.followed).toBe(3);
  });

  it('counts and names malformed paths instead of following them', () => {
    const crawl = frontier();
    crawl.add(links(['/a%2Fb', '/.env', '/ok', '/%zz', '/a%2Fb']), '/');
    crawl.add(links(['/.env']), '/ok');
    expect([...crawl.next()].map((r) => r.route)).toEqual(['/ok']);
    expect(crawl.skipped.count).toBe(3);
    expect(crawl.skipped.examples[1]).toBe('"/.env" on / (".env" starts with a dot: dot-files are never served, so the file could not be served at its route)');
  });

  it('throws CRAWL_LIMIT at the first link past the limit', () => {
    const crawl = frontier(2);
    const error = catchErrorSync(() => crawl.add(links(['/1', '/2', '/1', '/3']), '/list.json'));
    expect(error.code).toBe('CRAWL_LIMIT');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('the next, "/3", was found on "/list.json"');
    expect(error.hint).toContain('limit: 20');
  });
});
