/**
 * The ids h3's serveStatic asks our file table for, checked against h3 itself
 * (test/support/serve-static-id.ts): for every route the output layout accepts, the id asked is the
 * one of the segments its file was written to (routeSegments).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetId, assetSegments, pathSegments, withoutLeadingSlashes } from '../../src/runtime/asset-id.ts';
import { routeSegments } from '../../src/output/route-to-file.ts';
import { idsAsked } from '../support/serve-static-id.ts';
import { accepted, hostileRoute } from '../support/arbitrary-routes.ts';

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

describe('pathSegments: the file a URL path names, decoded once', () => {
  it.each([
    ['/', []],
    ['', []],
    ['/docs/caf%C3%A9.html', ['docs', 'café.html']],
    ['/api/q%231.json', ['api', 'q#1.json']],
    ['/%25252e', ['%252e']],
  ])('%s is %j', (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
  });

  it.each(['/%E0%A4%A', '/%', '/a/../b', '/a%2Fb', '/a//b'])('%s names no file (a malformed escape too)', (path) => {
    expect(pathSegments(path)).toBeUndefined();
  });
});

describe('against h3: pathSegments reads a URL path as serveStatic does, over random paths', () => {
  const piece = fc.constantFrom('a', '%2C', '%40', '%2B', '%3B', '%3D', '%26', '%24', '%3A', '%21', '%28', '%29', '%2A', '%27', '%20', '%25', '%23', '%3F', '%2F', '%5C', '%C3%A9', '%41', '%7E', '%E0%A4', ',', '@', '+', '(', '~');
  const path = fc.array(fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')), { minLength: 1, maxLength: 3 }).map((segments) => '/' + segments.join('/'));

  it('names the segments of the id serveStatic asks for, or none where it asks for none', async () => {
    await fc.assert(
      fc.asyncProperty(path, async (written) => {
        const [first] = await idsAsked(written);
        const segments = pathSegments(written);
        if (first === undefined) return;
        expect(segments).toEqual(assetSegments(first));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['/img/a%2Cb.png', ['img', 'a,b.png']],
    ['/img/b%402x.png', ['img', 'b@2x.png']],
    ['/img/d%2Be.png', ['img', 'd+e.png']],
  ])('%s is the file %j, as h3 serves it', async (written, segments) => {
    expect(pathSegments(written)).toEqual(segments);
    expect(assetSegments((await idsAsked(written))[0]!)).toEqual(segments);
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

const runs = { numRuns: 3000 };

describe('the static server and routeSegments, over random routes', () => {
  it('agrees with the static server: every accepted route is looked up at the segments it was written to', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRoute, async (path) => {
        const segments = accepted(() => routeSegments(path));
        if (segments === undefined) return;
        const url = new URL(path, 'http://x');
        expect(url.host).toBe('x');
        const [first] = await idsAsked(path);
        // serveStatic refuses a dot segment hidden under nested escapes (`%252e`): the route answers.
        if (first === undefined) {
          expect(url.pathname).toMatch(/%(25)+2e/i);
          return;
        }
        const id = assetId(segments);
        // A name no id stands for alone (`%23x` reads back as `#x`) is not served from its file.
        if (id === undefined) return;
        expect(withoutLeadingSlashes(first)).toBe(id);
        if (segments.length > 0) expect(assetSegments(first)).toEqual(segments);
      }),
      runs,
    );
  });
});

describe('the static server and routeSegments on known cases', () => {
  it.each([
    ['/a%20b.json', ['a b.json']],
    ['/café/😀', ['café', '😀']],
    ['/a b/c', ['a b', 'c']],
    ['/q%23x', ['q#x']],
    ['/.well-known/a', ['.well-known', 'a']],
    ['/%25', ['%']],
    ['/a\u00A0', ['a\u00A0']],
    ['/docs/', ['docs']],
    ['/', []],
  ])('%s', async (path, segments) => {
    expect(routeSegments(path)).toEqual(segments);
    const [first] = await idsAsked(path);
    expect(withoutLeadingSlashes(first)).toBe(assetId(segments));
    if (segments.length > 0) expect(assetSegments(first)).toEqual(segments);
  });

  it('/%252e/x: the file named %2e is left to its route, as serveStatic refuses the spelling', async () => {
    expect(routeSegments('/%252e/x')).toEqual(['%2e', 'x']);
    expect(await idsAsked('/%252e/x')).toEqual([]);
  });
});
