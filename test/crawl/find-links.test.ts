/** The links a prerendered body holds (src/crawl/find-links.ts), read by its content type: HTML, XML, JSON. */
import { describe, expect, it } from 'vitest';
import { findHtmlLinks, findJsonLinks, findXmlLinks } from '../../src/crawl/find-links.ts';

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

  it('HTML: poster and every URL of srcset and imagesrcset', () => {
    expect(findHtmlLinks('<img srcset="/a.png 1x, /a@2x.png 2x"><picture><source srcset="/w.webp 480w,/w,2.webp 960w"></picture><link rel=preload as=image imagesrcset="/p.png"><video poster="/v.jpg"></video>').links).toEqual([
      '/a.png',
      '/a@2x.png',
      '/w.webp',
      '/w,2.webp',
      '/p.png',
      '/v.jpg',
    ]);
  });

  it('XML: RSS <comments>, a permalink <guid>, <image><url>; Atom <icon> and <logo>; not a guid that is no URL or no permalink, nor WordPress\'s <slash:comments> count', () => {
    const rss = [
      '<rss><channel><image><url>/logo.png</url><link>/</link></image>',
      '<item><comments>/p/1#comments</comments><slash:comments>3</slash:comments><guid>https://e.com/p/1</guid></item>',
      '<item><guid isPermaLink="false">https://e.com/p/2</guid><guid isPermaLink="False">https://e.com/p/4</guid><guid>urn:uuid:1</guid><guid>post-3</guid></item>',
      '<url>/not-an-image</url></channel></rss>',
    ].join('');
    expect(findXmlLinks(rss)).toEqual(['/logo.png', '/', '/p/1#comments', 'https://e.com/p/1']);
    expect(findXmlLinks('<feed><icon>/favicon.ico</icon><logo>https://e.com/logo.svg</logo><id>https://e.com/</id></feed>')).toEqual(['/favicon.ico', 'https://e.com/logo.svg']);
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
});
