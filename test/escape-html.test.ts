/** Text made safe inside HTML (src/escape-html.ts), which the dev error page and the report page write every value through. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/escape-html.ts';

describe('escapeHtml', () => {
  it.each([
    ['<a href="x">', '&#60;a href=&#34;x&#34;&#62;'],
    ["it's & <b>", 'it&#39;s &#38; &#60;b&#62;'],
    ['&#60;', '&#38;#60;'],
    ['plain text, é 😀', 'plain text, é 😀'],
    ['', ''],
  ])('%j -> %j', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });

  it('leaves no character that ends an element or a quoted attribute, and reads back as the text', () => {
    const decode = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const html = escapeHtml(text);
        expect(html).not.toMatch(/[<>"']/);
        expect(html.replace(/&#\d+;/g, '')).not.toContain('&');
        expect(decode(html)).toBe(text);
      }),
    );
  });
});
