/** The URLs of a srcset attribute (src/crawl/srcset.ts), read as HTML's algorithm reads them. */
import { describe, expect, it } from 'vitest';
import { srcsetUrls } from '../../src/crawl/srcset.ts';

describe('srcsetUrls', () => {
  it.each<[srcset: string, urls: string[]]>([
    ['/a.png', ['/a.png']],
    ['/a.png 1x, /a@2x.png 2x', ['/a.png', '/a@2x.png']],
    ['/a.png 480w,/b.png 960w', ['/a.png', '/b.png']],
    // A comma inside a URL is the URL's; one right after it ends the candidate.
    ['/i.png?a,b 2x, /j.png', ['/i.png?a,b', '/j.png']],
    ['/a.png,/b.png', ['/a.png,/b.png']],
    ['/a.png, /b.png', ['/a.png', '/b.png']],
    ['  \n/a.png  1x ,\t/b.png 2x , ', ['/a.png', '/b.png']],
    // Descriptors with parentheses (a future syntax the algorithm skips whole).
    ['/a.png (x, y) 1x, /b.png', ['/a.png', '/b.png']],
    ['', []],
    [' , ,', []],
  ])('%j holds %j', (srcset, urls) => {
    expect(srcsetUrls(srcset)).toEqual(urls);
  });
});
