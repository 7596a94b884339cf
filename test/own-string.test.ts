import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { findHtmlLinks, findXmlLinks } from '../src/crawl/find-links.ts';
import { ownString } from '../src/own-string.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Heap in use after a full collection, in MB. */
const heapUsed = () => {
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

describe('ownString', () => {
  it.each(['', '/a', '/pages/123456', '/caf\u00e9/\ud83d\ude00/x', 'x'.repeat(5000)])('is the same text: %j', (text) => {
    expect(ownString(text)).toBe(text);
  });

  it('keeps nothing of the string it was cut from, where a slice keeps it whole', () => {
    const page = (i: number) => `<!doctype html><p>${'x'.repeat(200_000)}</p><a href="/pages/${100_000 + i}">next</a>`;
    const before = heapUsed();
    const slices = Array.from({ length: 300 }, (_, i) => page(i).slice(-33, -20));
    const sliced = heapUsed() - before;
    const owned = Array.from({ length: 300 }, (_, i) => ownString(page(i).slice(-33, -20)));
    const ownedGrowth = heapUsed() - before - sliced;
    expect(slices[5]).toBe(owned[5]);
    // 300 pages of 200 kB: a slice keeps ~60 MB of them, an own string ~10 kB.
    expect(sliced).toBeGreaterThan(40);
    expect(ownedGrowth).toBeLessThan(5);
  });

  it('is what links read from HTML and XML are: a crawl keeping them keeps no page', () => {
    const before = heapUsed();
    const links = Array.from({ length: 300 }, (_, i) => [
      ...findHtmlLinks(`<html><p>${'x'.repeat(200_000)}</p><a href="/pages/${100_000 + i}">next</a>`).links,
      ...findXmlLinks(`<urlset><url><loc>https://example.com/pages/${i}</loc></url><!-- ${'x'.repeat(200_000)} --></urlset>`),
    ]);
    expect(links[7]).toEqual(['/pages/100007', 'https://example.com/pages/7']);
    expect(heapUsed() - before).toBeLessThan(5);
  });
});
