import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkToRoute, resolveLink, siteUrl } from '../../src/crawl/link-route.ts';

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
