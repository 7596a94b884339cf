/**
 * Router patterns read back (src/routes/route-pattern.ts): a pattern filled with values makes the one
 * spelling routes are matched on, which the runtime's router sends to the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeUrl } from '../../src/prerender/render-route.ts';
import { parseRouteSegments } from '../../src/output/route-to-file.ts';
import { createRouteFinder } from '../../src/routes/route-finder.ts';
import { fillPattern, patternParams } from '../../src/routes/route-pattern.ts';
import { decodeSegment, normalizePathname } from '../../src/runtime/url-path.ts';

/** Whether the runtime's router, given a file of `pattern` alone, routes a GET of `path` to it (the build's shape check). */
async function hasShape(pattern: string, path: string): Promise<boolean> {
  const find = createRouteFinder([{ method: '', path: pattern, file: 'f.ts' }]);
  return (await find(new Request(routeUrl(path)))) === 'f.ts';
}

describe('route patterns read back', () => {
  it.each([
    ['/api/users/:id', { id: 'café au lait' }, '/api/users/caf%C3%A9%20au%20lait'],
    ['/api/users/:id', { id: '50%25' }, '/api/users/50%2525'],
    ['/api/users/:id', { id: 'a?b#c' }, '/api/users/a%3Fb%23c'],
    ['/api/posts/:slug.json', { slug: 'v1.2' }, '/api/posts/v1.2.json'],
    ['/docs/:lang/**:path', { lang: 'en', path: 'guide/a b' }, '/docs/en/guide/a%20b'],
    ['/api/**', { _: '' }, '/api'],
    ['/api/**', { _: 'x' }, '/api/x'],
    ['/', {}, '/'],
  ])('fillPattern(%s, %o) is %s', (pattern, values, expected) => {
    expect(fillPattern(pattern, values)).toEqual({ route: expected });
  });

  it.each([
    ['/api/users/:id', '/api/users/1', true],
    ['/api/users/:id', '/api/users/1/', true],
    ['/api/users/:id', '/api/users', false],
    ['/api/users/:id', '/api/user/1', false],
    ['/api/posts/:slug.json', '/api/posts/a.json', true],
    ['/api/posts/:slug.json', '/api/posts/.json', false],
    ['/docs/**:path', '/docs', false],
    ['/api/**', '/api', true],
    ['/docs/**:path', '/docs/a/b/c', true],
    ['/café', '/caf%C3%A9', true],
    // A URL drops dot segments: `/api/users/.` is `/api/users/`.
    ['/api/users/:id', '/api/users/.', false],
    // A file named with escapes (`caf%C3%A9.ts`) serves the URL they spell, as the server routes it.
    ['/api/caf%C3%A9', '/api/caf%C3%A9', true],
  ])('the router, given the file of %s alone, routes %s to it: %s', async (pattern, path, expected) => {
    expect(await hasShape(pattern, path)).toBe(expected);
  });

  it('names the parameters, an unnamed catch-all as "_"', () => {
    expect(patternParams('/docs/:lang/**:path')).toEqual(['lang', 'path']);
    expect(patternParams('/api/**')).toEqual(['_']);
    expect(patternParams('/api/posts/:slug.json')).toEqual(['slug']);
  });

  it('makes the one spelling routes are matched on, whose segment decodes back to the value, and which reaches the file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((value) => !value.includes('/')), async (value) => {
        const filled = fillPattern('/api/:id', { id: value });
        if (!('route' in filled)) throw new Error(filled.problem);
        expect(normalizePathname(filled.route)).toBe(filled.route);
        expect(decodeSegment(filled.route.slice('/api/'.length))).toBe(value);
        // A route the build writes reaches the file. "." and ".." it refuses: no URL keeps a dot segment.
        if (!('problem' in parseRouteSegments(filled.route))) expect(await hasShape('/api/:id', filled.route)).toBe(true);
        else if (value === '.' || value === '..') expect(await hasShape('/api/:id', filled.route)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
