/** The ids h3's serveStatic asks our file table for, checked against h3 itself (test/support/serve-static-id.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetId, assetSegments, withoutLeadingSlashes } from '../../src/runtime/asset-id.ts';
import { idsAsked } from '../support/serve-static-id.ts';

describe('assetId and assetSegments', () => {
  it.each([
    [['api', 'feed.xml'], 'api/feed.xml'],
    [['api', 'q#1.json'], 'api/q%231.json'],
    [['a?b'], 'a%3Fb'],
    [['50%.png'], '50%.png'],
    [['%41'], '%41'],
    [['café', 'a b'], 'café/a b'],
    [['.well-known', 'x'], '.well-known/x'],
    [[], ''],
  ])('%j is asked for as %j, and reads back', (segments, id) => {
    expect(assetId(segments)).toBe(id);
    if (segments.length > 0) expect(assetSegments('/' + id)).toEqual(segments);
  });

  it.each([['a\\b'], ['%23x'], ['x%3F'], ['x%3f'], ['a%2Fb'], ['a%5cb']])('%j has no id of its own: not served from the file', (name) => {
    expect(assetId([name])).toBeUndefined();
  });

  it.each(['/a%2Fb', '/a%5Cb', '/a/../b', '/a/./b', '/a//b', '/a\\b', '/'])('%s names no file', (id) => {
    expect(assetSegments(id)).toBeUndefined();
  });

  it("reads the root's index.html as serveStatic asks for it", async () => {
    expect(await idsAsked('/')).toEqual(['/', '//index.html']);
    expect(assetSegments('//index.html')).toEqual(['index.html']);
    expect(withoutLeadingSlashes('//index.html')).toBe(assetId(['index.html']));
  });
});

describe('against h3: the id serveStatic asks for a file name, over random names', () => {
  const name = fc
    .string({ unit: fc.oneof(fc.constantFrom('#', '?', '%', '%23', '%25', '%2e', ' ', 'é', '😀', '+', ';', '@', '&', '=', '[', '"', '<', '~'), fc.string({ unit: 'grapheme', maxLength: 1 })), minLength: 1, maxLength: 6 })
    .filter((value) => value !== '' && !/[/\\\0-\x1f\x7f]/.test(value) && value !== '.' && value !== '..');

  it('asks for assetId of the name, then its index.html, at the URL spelled with every escape', async () => {
    await fc.assert(
      fc.asyncProperty(name, async (value) => {
        const id = assetId([value]);
        const asked = await idsAsked('/docs/' + encodeURIComponent(value));
        if (id === undefined) return;
        // serveStatic refuses a dot segment hidden under nested escapes (`%252e`): the route answers.
        if (asked.length === 0) {
          expect(value).toMatch(/^(\.|%(25)*2e){1,2}$/i);
          return;
        }
        expect(asked.map(withoutLeadingSlashes)).toEqual([`docs/${id}`, `docs/${id}/index.html`]);
        expect(assetSegments(asked[0])).toEqual(['docs', value]);
      }),
      { numRuns: 2000 },
    );
  });
});
