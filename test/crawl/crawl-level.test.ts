/** A crawl's level (src/crawl/crawl-level.ts): routes held as strings, handed out sorted as the prerender takes them. */
import { describe, expect, it } from 'vitest';
import { CrawlLevel } from '../../src/crawl/crawl-level.ts';
import { byRoute } from '../../src/output/route-to-file.ts';

describe('a crawl level', () => {
  it('hands out its routes sorted as byRoute sorts them, each with the page it was found on', () => {
    const found = ['/z', '/caf%C3%A9', '/Z', '/café', '/a/b', '/a', '/a-b', '/é', '/10', '/9'];
    const level = new CrawlLevel();
    for (const [i, route] of found.entries()) level.add(route, `/page/${i}`);
    // Nothing is handed out in the order found.
    expect(level.at(0)).toBeUndefined();
    const expected = found.map((route, i) => ({ route, sitemap: {}, foundOn: `/page/${i}` })).sort(byRoute);
    expect(level.sorted().length).toBe(found.length);
    expect(Array.from({ length: level.length }, (_, index) => level.at(index))).toEqual(expected);
    expect([...level]).toEqual(expected);
    expect(level.at(found.length)).toBeUndefined();
  });

  it('is empty when nothing was found', () => {
    const level = new CrawlLevel().sorted();
    expect([level.length, level.at(0), [...level]]).toEqual([0, undefined, []]);
  });
});
