import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSitemapWriter, joinUrl, writeSitemap, type SitemapEntry, sitemapPath } from '../../src/output/sitemap.ts';
import { readdirSync } from 'node:fs';
import { route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const entries = (...routes: string[]): SitemapEntry[] => routes.map((route) => ({ route, fields: {} }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** Writes a sitemap into a fresh folder and returns the folder and what `sitemap.xml` holds. */
async function write(host: string, list: SitemapEntry[]) {
  const dir = tempDir('sitemap-');
  const files = await writeSitemap(dir, host, list);
  return { dir, files, xml: readFileSync(join(dir, 'sitemap.xml'), 'utf8') };
}

describe('joinUrl', () => {
  it.each([
    ['https://x.com', '/a', 'https://x.com/a'],
    ['https://x.com/', '/a', 'https://x.com/a'],
    ['https://x.com//', '/a', 'https://x.com/a'],
    ['https://x.com/', '/', 'https://x.com/'],
    ['https://x.com', '/', 'https://x.com/'],
    ['https://x.com/blog', '/a/b.xml', 'https://x.com/blog/a/b.xml'],
    ['https://x.com/blog/', '/a/', 'https://x.com/blog/a/'],
  ])('%s + %s = %s', (host, route, url) => {
    expect(joinUrl(host, route)).toBe(url);
  });
});

describe('sitemapPath', () => {
  it.each([
    ['/docs', 'docs/index.html', '/docs/'],
    ['/docs/', 'docs/index.html', '/docs/'],
    ['/', 'index.html', '/'],
    ['/index.html', 'index.html', '/'],
    ['/handbook/index.html', 'handbook/index.html', '/handbook/'],
    ['/api/feed.json', 'api/feed.json', '/api/feed.json'],
    ['/api/users/1', 'api/users/1', '/api/users/1'],
  ])('%s written as %s is listed as %s', (route, file, path) => {
    expect(sitemapPath(route, file)).toBe(path);
  });
});

describe('writeSitemap', () => {
  it('writes one <url> per entry with the standard namespace only', async () => {
    const { files, xml } = await write('https://example.com', entries('/api/rss.xml'));
    expect(files).toEqual(['sitemap.xml']);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<url><loc>https://example.com/api/rss.xml</loc></url></urlset>',
    );
    expect(xml.match(/xmlns/g)).toEqual(['xmlns']);
  });

  it.each(['https://example.com', 'https://example.com/'])('joins host %s and each route with exactly one slash', async (host) => {
    const { xml } = await write(host, entries('/', '/a', '/b/c.json'));
    expect(locs(xml)).toEqual(['https://example.com/', 'https://example.com/a', 'https://example.com/b/c.json']);
    expect(xml).not.toMatch(/https:\/\/example\.com\/\//);
  });

  it('sorts by route, whatever order the entries come in', async () => {
    const { xml } = await write('https://x.com', entries('/b', '/a/z', '/a', '/B', '/a/b'));
    expect(locs(xml)).toEqual(['/B', '/a', '/a/b', '/a/z', '/b'].map((route) => 'https://x.com' + route));
  });

  it('writes lastmod, changefreq and priority', async () => {
    const { xml } = await write('https://x.com', [
      { route: '/a', fields: { lastmod: '2026-11-21', changefreq: 'daily', priority: 0.8 } },
      { route: '/b', fields: { changefreq: 'never' } },
    ]);
    expect(xml).toContain(
      '<url><loc>https://x.com/a</loc><lastmod>2026-11-21T00:00:00.000Z</lastmod><changefreq>daily</changefreq><priority>0.8</priority></url>',
    );
    expect(xml).toContain('<url><loc>https://x.com/b</loc><changefreq>never</changefreq></url>');
  });

  it('escapes routes into valid URLs', async () => {
    const { xml } = await write('https://x.com', entries('/a b/caf%C3%A9', '/q&a', '/café'));
    expect(locs(xml)).toEqual(['https://x.com/a%20b/caf%C3%A9', 'https://x.com/caf%C3%A9', 'https://x.com/q&amp;a']);
  });

  it('gives byte-identical files for the same input', async () => {
    const list = [
      { route: '/z', fields: { lastmod: '2026-01-02T03:04:05+02:00', priority: 0.1 } },
      ...entries('/m', '/a/b', '/a'),
    ];
    const first = await write('https://x.com/', list);
    const second = await write('https://x.com/', [...list].reverse());
    expect(readFileSync(join(second.dir, 'sitemap.xml'))).toEqual(readFileSync(join(first.dir, 'sitemap.xml')));
  });

  it('writes an empty urlset for no entries', async () => {
    const { xml } = await write('https://x.com', []);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>');
  });

  it('keeps 50,000 URLs in one file', async () => {
    const { files, xml } = await write('https://x.com', entries(...Array.from({ length: 50_000 }, (_, i) => `/p/${i}`)));
    expect(files).toEqual(['sitemap.xml']);
    expect(locs(xml)).toHaveLength(50_000);
  });

  it('turns 50,001 URLs into a sitemap index of two numbered parts', async () => {
    const routes = Array.from({ length: 50_001 }, (_, i) => `/p/${String(i).padStart(5, '0')}`);
    const { dir, files, xml } = await write('https://x.com/', entries(...routes.reverse()));
    expect(files).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<sitemap><loc>https://x.com/sitemap-1.xml</loc></sitemap><sitemap><loc>https://x.com/sitemap-2.xml</loc></sitemap></sitemapindex>',
    );
    const part1 = readFileSync(join(dir, 'sitemap-1.xml'), 'utf8');
    const part2 = readFileSync(join(dir, 'sitemap-2.xml'), 'utf8');
    for (const part of [part1, part2]) {
      expect(part).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      expect(part.match(/xmlns/g)).toEqual(['xmlns']);
    }
    expect(locs(part1)).toHaveLength(50_000);
    expect(locs(part1)[0]).toBe('https://x.com/p/00000');
    expect(locs(part1).at(-1)).toBe('https://x.com/p/49999');
    expect(locs(part2)).toEqual(['https://x.com/p/50000']);
  });
});

describe('createSitemapWriter', () => {
  it('fed in route order, writes what writeSitemap writes, though "/docs" is listed as "/docs/" after "/docs-a"', async () => {
    // Route order: /docs < /docs-a < /docs.b; listed order: /docs-a < /docs.b < /docs/ (as "-" and "." sort before "/").
    const routes = ['/a', '/docs', '/docs-a', '/docs.b', '/docs/x', '/e', '/f'];
    const listed = routes.map((route) => ({ route: route === '/docs' || route === '/e' ? route + '/' : route, fields: {} }));
    const dir = tempDir('sitemap-stream-');
    const writer = createSitemapWriter(dir, 'https://x.com');
    listed.forEach((entry, i) => writer.add(entry, routes[i]));
    expect(await writer.finish()).toEqual(['sitemap.xml']);
    const streamed = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    expect(locs(streamed)).toEqual(['/a', '/docs-a', '/docs.b', '/docs/', '/docs/x', '/e/', '/f'].map((path) => 'https://x.com' + path));
    expect(streamed).toBe((await write('https://x.com', listed)).xml);
    expect(readdirSync(dir)).toEqual(['sitemap.xml']);
  });
});

describe('a build with a sitemap of 60,000 URLs', () => {
  // Past 50,000 URLs the sitemap is an index over parts, each a stream waited on while full.
  it('waits on the sitemap parts without a Node warning (no listener piles up on a full stream)', { timeout: 300_000 }, async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/p/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'big', outDir: ${JSON.stringify(outDir)}, prerender: { sitemap: { host: 'https://example.com' }, routes: Array.from({ length: 60000 }, (_, i) => '/api/p/' + i + '.json') } };`,
    });
    const cli = await runCli(['build', root, '--no-typecheck'], { timeout: 280_000 });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).not.toMatch(/Warning|\(node:\d+\)/);
    const publicDir = join(outDir, 'big', 'public');
    expect(locs(readFileSync(join(publicDir, 'sitemap.xml'), 'utf8'))).toEqual(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml']);
    expect(locs(readFileSync(join(publicDir, 'sitemap-1.xml'), 'utf8'))).toHaveLength(50_000);
    expect(locs(readFileSync(join(publicDir, 'sitemap-2.xml'), 'utf8'))).toHaveLength(10_000);
  });
});
