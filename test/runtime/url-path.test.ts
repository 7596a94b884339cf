import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRouteSegments } from '../../src/output/route-to-file.ts';
import { assetId, assetSegments } from '../../src/runtime/asset-id.ts';
import { isSafeTarget } from '../../src/runtime/request-target.ts';
import { decodeSegment, encodeSegment, isHiddenName, leavesFolder, normalizePathname, segmentProblem } from '../../src/runtime/url-path.ts';

describe('normalizePathname: the one spelling routes are matched on', () => {
  it.each([
    ['/api/caf%c3%a9', '/api/caf%C3%A9'],
    ['/api/caf%C3%a9', '/api/caf%C3%A9'],
    ['/api/%68ello', '/api/hello'],
    ['/api/%41%7a%30%2d%2E%5f%7E', '/api/Az0-._~'],
    ['/api/a%2fb', '/api/a%2Fb'],
    ['/api/a%5cb', '/api/a%5Cb'],
    ['/api/50%25', '/api/50%25'],
    ['/api/%2541', '/api/%2541'],
    ['/api/%3a%40%21', '/api/%3A%40%21'],
    ['/api//hello', '/api/hello'],
    ['//api///docs//a/', '/api/docs/a/'],
    ['/api/%zz/%', '/api/%zz/%'],
    ['/api/%4%41', '/api/%4%41'],
    ['/api/%c3%a9/%', '/api/%c3%a9/%'],
    ['/', '/'],
  ])('%s -> %s', (path, normal) => {
    expect(normalizePathname(path)).toBe(normal);
  });

  const path = fc
    .array(fc.oneof(fc.constantFrom('/', '//', '%2f', '%2F', '%25', '%c3%a9', '%C3%A9', '%41', '%7e', '%zz', '%', '%4', '%c3', '4'), fc.string({ maxLength: 3 })), { maxLength: 8 })
    .map((parts) => '/' + parts.join(''));

  it('is idempotent', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(normalizePathname(normalizePathname(p))).toBe(normalizePathname(p));
      }),
      { numRuns: 2000 },
    );
  });

  it('never changes what a segment decodes to: it decodes nothing but unreserved characters', () => {
    fc.assert(
      fc.property(path, (p) => {
        const before = p.split('/').filter(Boolean).map(decodeSegment);
        const after = normalizePathname(p).split('/').filter(Boolean).map(decodeSegment);
        expect(after).toEqual(before);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('decodeSegment', () => {
  it.each([
    ['caf%C3%A9', 'café'],
    ['a%2Fb', 'a/b'],
    ['%252e', '%2e'],
    ['plain', 'plain'],
    ['%', undefined],
    ['%C0%AF', undefined],
    ['%E0%A4%A', undefined],
  ])('%s -> %j (once)', (raw, decoded) => {
    expect(decodeSegment(raw)).toBe(decoded);
  });
});

describe('isHiddenName: one rule for scan, prerender, static files and the publicDir copy', () => {
  it.each([
    ['.env', true],
    ['.hidden', true],
    ['.', true],
    ['.well-known.ts', true],
    ['.well-knownx', true],
    ['.WELL-KNOWN', true],
    ['.well-known', false],
    ['env', false],
    ['a.b', false],
    ['security.txt', false],
  ])('%s -> %s', (name, hidden) => {
    expect(isHiddenName(name)).toBe(hidden);
  });
});

describe('encodeSegment: a value as one segment, in the one spelling', () => {
  it.each([
    ['café au lait', 'caf%C3%A9%20au%20lait'],
    ['a/b', 'a%2Fb'],
    ['50%', '50%25'],
    ['a?b#c', 'a%3Fb%23c'],
    ['Az0-._~', 'Az0-._~'],
  ])('%s -> %s', (value, encoded) => {
    expect(encodeSegment(value)).toBe(encoded);
  });

  it('is undefined for a lone surrogate, which no URL can hold', () => {
    expect(encodeSegment('\ud800')).toBeUndefined();
  });

  it('decodes back to the value, and is already in the spelling routes are matched on', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 16 }), (value) => {
        const encoded = encodeSegment(value)!;
        expect(decodeSegment(encoded)).toBe(value);
        expect(normalizePathname('/' + encoded)).toBe('/' + encoded);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the one segment rule: the socket check, the static layer and the output layout agree', () => {
  /** A decoded segment: any text, often one of the names the rule is about. */
  const segment = fc.oneof(
    fc.constantFrom('', '.', '..', 'a/b', 'a\\b', '..\\x', 'x/..', 'a\x01', '\0', 'tab\there', 'del\x7f', 'ok', 'caf\u00e9', '.well-known', '%2e%2e'),
    fc.string({ unit: fc.constantFrom('.', '/', '\\', 'a', '%', '\x00', '\x1f', '\x7f', ' ', '\u00e9'), maxLength: 5 }),
  );

  it.each([
    ['', 'empty'],
    ['.', 'dot'],
    ['..', 'dot'],
    ['a/b', 'separator'],
    ['a\\b', 'separator'],
    ['a\x01', 'control'],
    ['\x7f', 'control'],
    ['...', undefined],
    ['a%2Fb', undefined],
    ['.env', undefined],
  ])('%j: %s', (value, problem) => {
    expect(segmentProblem(value)).toBe(problem);
  });

  it('no reader takes a segment the rule refuses', () => {
    fc.assert(
      fc.property(segment, (value) => {
        const problem = segmentProblem(value);
        const encoded = encodeSegment(value);
        // The output layout writes no file for it.
        if (problem && encoded !== undefined) expect(parseRouteSegments(`/api/${encoded}/end`)).toHaveProperty('problem');
        // The static layer has no file for it: neither listed under it, nor found at it.
        if (problem && problem !== 'empty') expect(assetId(['api', value])).toBeUndefined();
        // A request target whose segment leads out of its folder is refused before any parser sees it.
        if (encoded !== undefined) expect(isSafeTarget(`/api/${encoded}/end`)).toBe(!leavesFolder(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('a segment the output layout writes is served at its URL: the socket check and the static layer take it', () => {
    fc.assert(
      fc.property(segment, (value) => {
        const encoded = encodeSegment(value);
        if (encoded === undefined) return;
        const parsed = parseRouteSegments(`/api/${encoded}`);
        if ('problem' in parsed) return;
        expect(isSafeTarget(`/api/${encoded}`)).toBe(true);
        const id = assetId(parsed.segments);
        if (id !== undefined) expect(assetSegments(id)).toEqual(parsed.segments);
      }),
      { numRuns: 2000 },
    );
  });
});
