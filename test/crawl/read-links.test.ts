import { statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLinkCheck, isFile } from '../../src/checks/link-check.ts';
import { createCrawl } from '../../src/crawl/crawl.ts';
import type { SiteLink } from '../../src/crawl/link-route.ts';
import { createLinkReader } from '../../src/crawl/read-links.ts';
import { FileClaims } from '../../src/output/file-claims.ts';
import { parseRouteSegments, routeToFile } from '../../src/output/route-to-file.ts';
import { createSitemapWriter, sitemapPath } from '../../src/output/sitemap.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const html = 'text/html; charset=utf-8';

function claimsOf(files: Record<string, string>): FileClaims {
  const claims = new FileClaims();
  for (const [file, owner] of Object.entries(files)) claims.claim(file, owner);
  return claims;
}

describe('the generated sitemap, read back by the link reader', () => {
  it('names only files: a route written as <path>/index.html is listed as <path>/, which resolves; read in pieces', async () => {
    const host = 'https://example.com/blog';
    // 10,000 items make a file of several of the reader's pieces, so <loc>s are cut between pieces.
    const items = Array.from({ length: 10_000 }, (_, i) => `/api/items/${i}.json`).sort();
    const routes = [['/', 'index.html'], ...items.map((route) => [route, route.slice(1)]), ['/caf%C3%A9', 'caf\u00e9/index.html'], ['/docs', 'docs/index.html']];
    const dir = tempDir('sitemap-links-');
    const writer = createSitemapWriter(dir, host);
    const claims = new FileClaims();
    for (const [route, file] of routes) {
      claims.claim(file, route);
      writer.add({ route: sitemapPath(route, file), fields: {} }, route);
    }
    await writer.finish();
    expect(statSync(join(dir, 'sitemap.xml')).size).toBeGreaterThan(2 * 256 * 1024);
    const found: SiteLink[] = [];
    const batches: number[] = [];
    await createLinkReader(host).ofFile(join(dir, 'sitemap.xml'), 'sitemap.xml', Infinity, (links) => {
      found.push(...links);
      batches.push(links.length);
    });
    expect(batches.length).toBeGreaterThan(2);
    expect(found.map((link) => link.route)).toEqual(['/', ...items, '/caf%C3%A9/', '/docs/']);
    const check = createLinkCheck(claims);
    check.add(found, '/sitemap.xml');
    expect(check.unresolved()).toEqual([]);
    // Without the folder's index.html, its <loc> is broken.
    const without = new FileClaims();
    for (const [route, file] of routes) if (route !== '/docs') without.claim(file, route);
    const withoutCheck = createLinkCheck(without);
    withoutCheck.add(found, '/sitemap.xml');
    expect(withoutCheck.unresolved()).toEqual([{ target: '/docs', link: `${host}/docs/`, foundOn: '/sitemap.xml' }]);
  });

  it('a file over maxBytes, or of a type without links, is not read', async () => {
    const dir = writeSite({ 'big.xml': `<urlset><url><loc>/x</loc></url></urlset>`, 'app.js': '"/x"' });
    const found: SiteLink[] = [];
    const reader = createLinkReader(undefined);
    await reader.ofFile(join(dir, 'big.xml'), 'big.xml', 10, (links) => found.push(...links));
    await reader.ofFile(join(dir, 'app.js'), 'app.js', Infinity, (links) => found.push(...links));
    expect(found).toEqual([]);
    await reader.ofFile(join(dir, 'big.xml'), 'big.xml', 1000, (links) => found.push(...links));
    expect(found).toEqual([{ link: '/x', route: '/x' }]);
  });
});

/** Links as hostile or careless pages write them: relative, absolute, other hosts, encoded, dotted, with queries and fragments. */
const linkText = fc
  .tuple(
    fc.constantFrom('', '/', './', '../', 'https://example.com/', 'http://example.com/', 'https://other.example/', '//example.com/', 'mailto:', '/docs/../'),
    fc.array(fc.constantFrom('a', 'A', 'b.json', 'docs', 'logo.png', 'Logo.png', '%61', 'caf%C3%A9', 'café', '%2F', '.env', '..', '.', '%zz', 'x y', 'index.html'), { maxLength: 3 }),
    fc.constantFrom('', '/', '?q=1', '#top', '/?x#y'),
  )
  .map(([start, segments, end]) => start + segments.join('/') + end);

/** The same links in a body of each type the reader reads, escaped as that type escapes. */
const bodies = {
  html: (found: string[]) => found.map((link) => `<a href="${link.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">x</a>`).join(''),
  xml: (found: string[]) => `<?xml version="1.0"?><urlset>${found.map((link) => `<url><loc>${link.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</loc></url>`).join('')}</urlset>`,
  json: (found: string[]) => JSON.stringify({ links: found }),
};
const types = { html, xml: 'application/xml', json: 'application/json' };

describe('the crawl and the link check read links alike', () => {
  it('every link the crawl would follow is checked (or a written file); every other link checked is a file, malformed, or the page itself', () => {
    fc.assert(
      fc.property(fc.array(linkText, { maxLength: 12 }), fc.constantFrom('html', 'xml', 'json') as fc.Arbitrary<keyof typeof bodies>, fc.constantFrom('/', '/docs', '/a/b'), (found, kind, htmlPage) => {
        // An HTML page may be a folder; a JSON or XML one has its extension.
        const page = kind === 'html' ? htmlPage : `/a/b.${kind}`;
        const file = routeToFile(page, types[kind]);
        const claims = claimsOf({ [file]: page, 'logo.png': 'the file public/logo.png', 'docs/x/index.html': 'the file public/docs/x/index.html' });
        const siteLinks = createLinkReader('https://example.com').ofRoute(page, file, types[kind], new TextEncoder().encode(bodies[kind](found)));
        const crawl = createCrawl({ listed: [{ route: page }], limit: 1_000, claims });
        crawl.add(siteLinks, page);
        const followed = [...crawl.next()].map((route) => route.route);
        const check = createLinkCheck(claims);
        check.add(siteLinks, page);
        const checked = check.unresolved().map((pending) => pending.target);
        // The crawl leaves files to the static layer only when no route wrote them: a link to a page's
        // own file (`/index.html` on `/`) it follows, and the check finds written.
        for (const route of followed) expect(checked.includes(route) || isFile(route, claims), route).toBe(true);
        const pageKey = keyOf(page);
        for (const target of checked) {
          const parsed = parseRouteSegments(target);
          const staticFile = 'segments' in parsed && ['logo.png', 'docs/x'].includes(parsed.segments.join('/').toLowerCase());
          expect(followed.includes(target) || 'problem' in parsed || staticFile || keyOf(target) === pageKey, target).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

/** A path as the crawl compares paths: decoded, without a trailing `/`. */
function keyOf(path: string): string | undefined {
  const parsed = parseRouteSegments(path);
  return 'segments' in parsed ? '/' + parsed.segments.join('/') : undefined;
}
