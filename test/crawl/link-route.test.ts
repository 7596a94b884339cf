/**
 * Which route of the site a found link names (src/crawl/link-route.ts), if any: resolved, on the site's
 * host and path, normalised; plain paths named as the URL parser would name them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkToRoute, resolveLink, siteUrl } from '../../src/crawl/link-route.ts';

describe('linkToRoute', () => {
  it.each([
    ['/a/b', 'https://e.com/x', 'https://e.com', '/a/b'],
    ['../b?q=1#f', 'https://e.com/docs/a/', 'https://e.com', '/docs/b'],
    ['/../../etc/passwd', 'https://e.com/a/', 'https://e.com', '/etc/passwd'],
    ['/a/%2e%2e/%2E%2E/b', 'https://e.com/', 'https://e.com', '/b'],
    ['/caf%c3%a9/%7Euser', 'https://e.com/', 'https://e.com', '/caf%C3%A9/~user'],
    ['\\\\other.example\\x', 'https://e.com/', 'https://e.com', undefined],
    ['//other.example/x', 'https://e.com/', 'https://e.com', undefined],
    // The same host spelt with the other of http and https is the site; another scheme or port is not.
    ['http://e.com/a', 'https://e.com/', 'https://e.com', '/a'],
    ['https://e.com/a', 'http://e.com/', 'http://e.com', '/a'],
    ['http://e.com:443/a', 'https://e.com/', 'https://e.com', undefined],
    ['ftp://e.com/a', 'https://e.com/', 'https://e.com', undefined],
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

describe('linkToRoute: plain paths skip the URL parser', () => {
  it('names the route the URL parser names, for any link, page and site', () => {
    const piece = fc.constantFrom('a', 'B', '1', '.', '..', '...', '.a', '-', '_', '~', '%2e', '%41', '%2F', '%zz', 'é', ' ', '?q', '#f', '', '\\', ':', '@', '+');
    const path = fc.array(fc.tuple(fc.constantFrom('/', '/', ''), piece), { maxLength: 6 }).map((pieces) => pieces.map(([separator, text]) => separator + text).join(''));
    const start = fc.constantFrom('/', '', 'https://example.com', 'https://example.com/blog', 'https://Example.com', 'http://example.com', 'https://example.com:443', 'https://example.com.evil', '//example.com', 'http://site.invalid');
    const link = fc.oneof(fc.tuple(start, path).map(([origin, rest]) => origin + rest), fc.string());
    const base = fc.constantFrom('https://example.com/', 'https://example.com/docs/a/', 'https://example.com/blog/x', 'https://other.example/', 'http://site.invalid/');
    const site = fc.constantFrom('https://example.com', 'https://example.com/blog', undefined).map(siteUrl);
    fc.assert(
      fc.property(link, base, site, (written, page, on) => {
        expect(linkToRoute(written, page, on)).toBe(resolveLink(written, page, on));
      }),
      { numRuns: 10_000 },
    );
  });
});
