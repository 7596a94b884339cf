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
