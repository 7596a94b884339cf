import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/report/build-report.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createCrawl } from '../../src/crawl/crawl.ts';
import { FileClaims } from '../../src/output/file-claims.ts';
import { findHtmlLinks, findJsonLinks, findXmlLinks } from '../../src/crawl/find-links.ts';
import { linkToRoute, siteUrl } from '../../src/crawl/link-route.ts';
import type { ManifestEntry } from '../../src/output/manifest.ts';
import { catchError, catchErrorSync } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const host = 'https://example.com';
const html = (body: string) => route(`(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return ${body}; }`, 'defineEventHandler, getRouterParam, setHeader');
const typed = (type: string, body: string) => route(`(event) => { setHeader(event, 'content-type', ${JSON.stringify(type)}); return ${body}; }`, 'defineEventHandler, getRouterParam, setHeader');

const feed = `\`<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
  <title>Posts</title><link>${host}/</link><description>All posts</description>
  <atom:link href="${host}/feed.xml" rel="self" type="application/rss+xml"/>
  <item><title>One</title><link>${host}/posts/1</link><enclosure url="${host}/media/1.mp3" length="3" type="audio/mpeg"/></item>
  <item><title>Two</title><link><![CDATA[${host}/posts/2?utm=feed#top]]></link></item>
  <item><title>Elsewhere</title><link>https://other.example/posts/9</link></item>
</channel></rss>\``;

const items = JSON.stringify({
  items: [
    { url: '/api/items/1.json' },
    { url: `${host}/api/items/2.json` },
    { url: 'https://other.example/api/items/3.json' },
    { again: '/api/items/%31.json?page=1#x', alsoAgain: `${host}/api/items/1.json` },
    { slash: '/api/items/4.json/' },
  ],
  note: 'not a link',
});

/**
 * A site whose listed routes link to the rest: an RSS feed (`<link>`, `<enclosure url>`, atom:link),
 * a JSON list (root-relative, absolute on the host, another host), an HTML page (href/src, relative,
 * a publicDir file, a path no route serves, a malformed path) and an XML sitemap (`<loc>`).
 */
function linkedSite(config: string, extra: Record<string, string> = {}): string {
  return writeSite({
    'src/server/routes/feed.xml.ts': typed('application/rss+xml; charset=utf-8', feed),
    'src/server/routes/index.ts': html(
      `'<!doctype html><base href="/posts/"><a href="3">three</a><a href="/about?x=1">About</a><img src="/logo.png"><a href="/nowhere">x</a>' +
      '<a href="/a%2Fb">bad</a><a href="/api/subscribe">POST only</a><a href="mailto:me@example.com">mail</a><a href="https://other.example/">o</a><script>var s = "<a href=\\\\"/in-script\\\\">";</script>'`,
    ),
    // Served at /about/ (its file is about/index.html): "me" is /about/me.
    'src/server/routes/about.ts': html(`'<p>about <a href="/">home</a> <a href="&#x2F;posts&#x2F;1">one</a> <a href="me">me</a></p>'`),
    'src/server/routes/about/[who].ts': html(`'<p>' + getRouterParam(event, 'who') + '</p>'`),
    'src/server/routes/posts/[id].ts': html(`'<h1>post ' + getRouterParam(event, 'id') + '</h1><a href="../../feed.xml">feed</a><a href="/posts/1/">one</a>'`),
    'src/server/routes/media/[name].ts': typed('audio/mpeg', `new Uint8Array([1, 2, 3])`),
    'src/server/routes/api/subscribe.post.ts': route(`() => ({ subscribed: true })`),
    'src/server/routes/api/items.json.ts': route(`() => (${items})`),
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id'), list: '/api/items.json' })`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/sitemap-pages.xml.ts': typed('application/xml', `'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${host}/pages/guide</loc></url></urlset>'`),
    'src/server/routes/pages/[slug].ts': html(`'<h1>' + getRouterParam(event, 'slug') + '</h1>'`),
    'public/logo.png': 'png',
    ...extra,
    'prerender.config.mjs': `export default { name: 'linked', prerender: ${config} };`,
  });
}

const listed = ['/feed.xml', '/api/items.json', '/', '/sitemap-pages.xml'];
const crawlConfig = (more = '') => `{ routes: ${JSON.stringify(listed)}, sitemap: { host: '${host}' }, crawl: true${more} }`;
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
    expect(error.message).toContain('/api/items/2.json  404  No item 2 (found on /api/items.json)');
    expect((error.details as BuildReport).failures).toEqual([{ route: '/api/items/2.json', status: 404, error: 'No item 2', foundOn: '/api/items.json' }]);
    expect((error.details as BuildReport).crawled).toBe(3);
    expect(existsSync(join(outDir, 'linked'))).toBe(false);
  });

  it('with failOnError false, the failed crawled route is reported and left out, the rest published', async () => {
    const root = linkedSite(`{ routes: ['/api/items.json'], crawl: true, failOnError: false, sitemap: { host: '${host}' } }`, {
      'src/server/routes/api/items/[id].json.ts': route(`(event) => { if (getRouterParam(event, 'id') === '2') throw new Error('boom'); return { ok: true }; }`, 'defineEventHandler, getRouterParam'),
    });
    const { report, dir } = await buildSite(root);
    expect(report.failures).toEqual([{ route: '/api/items/2.json', status: 500, error: 'the handler threw Error: boom', foundOn: '/api/items.json' }]);
    expect(existsSync(join(dir, 'public/api/items/1.json'))).toBe(true);
    expect(existsSync(join(dir, 'public/api/items/2.json'))).toBe(false);
  });

  it('a crawled route writing a listed route\'s file is a clash naming both', async () => {
    const root = writeSite({
      'src/server/routes/list.json.ts': route(`() => ['/data']`),
      'src/server/routes/data.ts': html(`'<p>data</p>'`),
      'src/server/routes/data/index.html.ts': html(`'<p>index</p>'`),
      'prerender.config.mjs': `export default { name: 'clash', prerender: { routes: ['/data/index.html', '/list.json'], crawl: true } };`,
    });
    const error = await catchError(() => buildSite(root));
    expect(error.code).toBe('OUTPUT_CLASH');
    expect(error.message).toBe('route "/data" and route "/data/index.html" both write data/index.html.');
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
    expect(error.message).toContain('--shard cannot be used with prerender.crawl');
  });
});

describe('prerender.crawl config', () => {
  const resolveCrawl = async (crawl: unknown) => (await resolveConfig({ prerender: { crawl } }, tempDir())).prerender.crawl;

  it('is off by default and with false; true follows up to 10,000 links; { limit } sets the bound', async () => {
    expect(await resolveCrawl(undefined)).toBeUndefined();
    expect(await resolveCrawl(false)).toBeUndefined();
    expect(await resolveCrawl(true)).toEqual({ limit: 10_000 });
    expect(await resolveCrawl({})).toEqual({ limit: 10_000 });
    expect(await resolveCrawl({ limit: 3 })).toEqual({ limit: 3 });
  });

  it.each([
    ['yes', 'prerender.crawl'],
    [{ limit: 0 }, 'prerender.crawl.limit'],
    [{ limit: 1.5 }, 'prerender.crawl.limit'],
    [{ limit: '10' }, 'prerender.crawl.limit'],
    [{ limt: 10 }, 'prerender.crawl.limt'],
  ])('refuses %j naming %s', async (value, key) => {
    const error = await catchError(() => resolveCrawl(value));
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(`"${key}"`);
  });
});

describe('reading links', () => {
  it('HTML: href and src of any element, entities decoded, the first <base href>, nothing inside script or comments', () => {
    expect(findHtmlLinks('<BASE HREF="/a/"><base href="/b/"><A HREF="x&amp;y">.</A><img src=/i.png><!-- <a href="/c"> --><script>"<a href=/d>"</script><link href="/s.css">')).toEqual({
      kind: 'document',
      base: '/a/',
      links: ['x&y', '/i.png', '/s.css'],
    });
  });

  it('XML: <link> text or href (any prefix), <enclosure url>, <loc>; a broken document gives the links before its error', () => {
    expect(findXmlLinks('<rss><channel><link> https://e.com/ </link><atom:link href="https://e.com/f.xml"/><item><enclosure url="/m.mp3"/><link><![CDATA[/p/1]]></link></item></channel></rss>')).toEqual([
      'https://e.com/',
      'https://e.com/f.xml',
      '/m.mp3',
      '/p/1',
    ]);
    expect(findXmlLinks('<urlset><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b')).toEqual(['https://e.com/a']);
  });

  it('JSON: string values that are root-relative paths or http(s) URLs, not keys, not protocol-relative', () => {
    expect(findJsonLinks('{"/key": ["/a", "//cdn/x", "b", "https://e.com/c", "HTTP://E.COM/d", 1, {"n": "/e?x#y"}]}')).toEqual(['/a', 'https://e.com/c', 'HTTP://E.COM/d', '/e?x#y']);
    expect(findJsonLinks('{not json')).toEqual([]);
  });

  it.each([
    ['{"a": "\\/api/x.json"}', ['/api/x.json']],
    ['{"a": "\\u002Fapi/x.json"}', ['/api/x.json']],
    ['{"a": "\\u0068ttps://e.com/x"}', ['https://e.com/x']],
    ['{"a": ["x", "Https://e.com/y"]}', ['Https://e.com/y']],
    ['{"id": 1, "name": "Item 1", "tags": ["catalogue", "group-1"]}', []],
  ])('JSON %s: links %j, escaped or not (no text skipped that could hold one)', (json, links) => {
    expect(findJsonLinks(json)).toEqual(links);
  });

  it.each([
    ['/a/b', 'https://e.com/x', 'https://e.com', '/a/b'],
    ['../b?q=1#f', 'https://e.com/docs/a/', 'https://e.com', '/docs/b'],
    ['/../../etc/passwd', 'https://e.com/a/', 'https://e.com', '/etc/passwd'],
    ['/a/%2e%2e/%2E%2E/b', 'https://e.com/', 'https://e.com', '/b'],
    ['/caf%c3%a9/%7Euser', 'https://e.com/', 'https://e.com', '/caf%C3%A9/~user'],
    ['\\\\other.example\\x', 'https://e.com/', 'https://e.com', undefined],
    ['//other.example/x', 'https://e.com/', 'https://e.com', undefined],
    ['http://e.com/a', 'https://e.com/', 'https://e.com', undefined],
    ['https://e.com:8443/a', 'https://e.com/', 'https://e.com', undefined],
    ['mailto:me@e.com', 'https://e.com/', 'https://e.com', undefined],
    ['https://E.COM:443/a', 'https://e.com/', 'https://e.com', '/a'],
    ['/blog/api/x.json', 'https://e.com/blog/', 'https://e.com/blog', '/api/x.json'],
    ['/blog', 'https://e.com/blog/', 'https://e.com/blog/', '/'],
    ['/other/x', 'https://e.com/blog/', 'https://e.com/blog', undefined],
    ['http://[bad', 'https://e.com/', 'https://e.com', undefined],
  ])('%s on %s (host %s) is the route %s', (link, base, site, expected) => {
    expect(linkToRoute(link, base, siteUrl(site))).toBe(expected);
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
    expect(crawl.next()).toEqual([
      { route: '/a', sitemap: {}, foundOn: '/z' },
      { route: '/b', sitemap: {}, foundOn: '/list.json' },
      { route: '/z', sitemap: {}, foundOn: '/list.json' },
    ]);
    expect(crawl.next()).toEqual([]);
    expect(crawl.followed).toBe(3);
  });

  it('counts and names malformed paths instead of following them', () => {
    const crawl = frontier();
    crawl.add(links(['/a%2Fb', '/.env', '/ok', '/%zz', '/a%2Fb']), '/');
    crawl.add(links(['/.env']), '/ok');
    expect(crawl.next().map((r) => r.route)).toEqual(['/ok']);
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
