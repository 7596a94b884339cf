/**
 * The one reading of a content type (src/content-type.ts) that the output layout, the output checks,
 * the crawl and the hosts' typing share: what a type is does not depend on its spelling.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charsetOf, isHtml, isJsonType, isXmlType, mediaType, sameType } from '../src/content-type.ts';

/** A media type, and the same type spelled otherwise: other letter case, spaces, parameters. */
const respelled = fc
  .tuple(
    fc.constantFrom('text/html', 'application/json', 'application/feed+json', 'application/xml', 'text/xml', 'application/rss+xml', 'image/svg+xml', 'text/plain', 'image/png'),
    fc.boolean(),
    fc.constantFrom('', ' ', '  '),
    fc.option(fc.constantFrom('charset=utf-8', 'charset=UTF8', 'q=1; charset="iso-8859-1"')),
  )
  .map(([type, upper, space, params]) => ({ type, spelled: `${space}${upper ? type.toUpperCase() : type}${space}${params === null ? '' : `;${space}${params}`}` }));

describe('content types', () => {
  it.each([
    ['text/html', true, false, false],
    ['Text/HTML; charset=utf-8', true, false, false],
    ['application/xhtml+xml', false, false, true],
    ['application/json', false, true, false],
    ['application/feed+json;charset=UTF-8', false, true, false],
    ['application/rss+xml', false, false, true],
    ['text/xml', false, false, true],
    ['text/plain', false, false, false],
    ['application/jsonl', false, false, false],
  ])('%s: HTML %s, JSON %s, XML %s', (type, html, json, xml) => {
    expect([isHtml(type), isJsonType(type), isXmlType(type)]).toEqual([html, json, xml]);
  });

  it('read a type the same whatever its letter case, spaces and parameters', () => {
    fc.assert(
      fc.property(respelled, ({ type, spelled }) => {
        expect(mediaType(spelled)).toBe(type);
        expect([isHtml(spelled), isJsonType(spelled), isXmlType(spelled)]).toEqual([isHtml(type), isJsonType(type), isXmlType(type)]);
        // At most one kind: the checks and the crawl read a body one way.
        expect([isHtml(type), isJsonType(type), isXmlType(type)].filter(Boolean).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('call two spellings of one type and charset the same type', () => {
    fc.assert(
      fc.property(respelled, respelled, (a, b) => {
        expect(sameType(a.spelled, b.spelled)).toBe(a.type === b.type && charsetOf(a.spelled) === charsetOf(b.spelled));
        expect(sameType(a.spelled, b.spelled)).toBe(sameType(b.spelled, a.spelled));
      }),
    );
  });
});

describe('sameType', () => {
  it.each([
    ['application/json', 'application/json;charset=UTF-8', true, 'JSON is UTF-8 without a charset'],
    ['application/json', 'application/json; charset=iso-8859-1', false, 'a declared other charset'],
    ['text/plain', 'text/plain; charset=utf-8', false, 'text without charset is left to the browser'],
    ['text/plain; charset=utf8', 'Text/Plain; Charset="UTF-8"', true, 'spelling and case'],
    ['text/xml', 'application/xml', false, 'another media type'],
  ])('%s ~ %s -> %s (%s)', (a, b, expected) => {
    expect(sameType(a, b)).toBe(expected);
    expect(sameType(b, a)).toBe(expected);
  });

  it('is reflexive for any type and charset', () => {
    fc.assert(
      fc.property(fc.constantFrom('text/plain', 'application/json', 'image/png', 'text/xml'), fc.option(fc.constantFrom('utf-8', 'UTF8', 'iso-8859-1')), (type, charset) => {
        const full = charset === null ? type : `${type}; charset=${charset}`;
        return sameType(full, full) && charsetOf(full) === charsetOf(full.toUpperCase());
      }),
    );
  });
});

describe('isHtml', () => {
  it.each([
    ['text/html', true],
    ['Text/HTML; charset=utf-8', true],
    [' text/html ;charset=iso-8859-1', true],
    ['application/xhtml+xml', false],
    ['text/htmlx', false],
    ['text/plain', false],
  ])('isHtml(%j) is %s', (type, expected) => {
    expect(isHtml(type)).toBe(expected);
  });
});
