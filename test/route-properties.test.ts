import { resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrerenderError } from '../src/errors.ts';
import { routeSegments, routeToFile } from '../src/output/route-to-file.ts';
import { assetId, assetSegments, withoutLeadingSlashes } from '../src/runtime/asset-id.ts';
import { idsAsked } from './support/serve-static-id.ts';

/** Pieces that hostile or careless routes are made of, mixed with random text. */
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b.json', 'rss.xml', 'index.html', '1', '-', '_', '~', 'é', '😀', '中') },
  { weight: 3, arbitrary: fc.constantFrom('%', '.', '..', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '\\', '%00', '%0a', '\0', '\t', '%20', ' ') },
  { weight: 2, arbitrary: fc.constantFrom('%25', '%252e', '%C3%A9', '%E0%A4%A', '%FF', '%zz', '?', '#', ':', '*', '%3F', '%23', '\uD800', '\u00A0', '"', '<') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
const segment = fc.array(piece, { minLength: 0, maxLength: 4 }).map((pieces) => pieces.join(''));
const route = fc
  .tuple(fc.constantFrom('/', '/', '/', '', '//', '\\'), fc.array(segment, { maxLength: 5 }), fc.boolean())
  .map(([start, segments, trailing]) => start + segments.join('/') + (trailing && segments.length > 0 ? '/' : ''));
const contentType = fc.constantFrom('text/html; charset=utf-8', 'application/json', 'text/xml', 'text/plain; charset=utf-8');

const publicDir = resolve('/srv/site/dist/site/public');
const runs = { numRuns: 3000 };

/** The result of `run`, or `undefined` when it threw a PrerenderError (anything else fails the property). */
function accepted<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof PrerenderError && (error.code === 'ROUTE_PATH' || error.code === 'OUTPUT_CLASH')) return undefined;
    throw error;
  }
}

describe('routeToFile, over random routes', () => {
  it('throws a PrerenderError or names a file inside public/', () => {
    fc.assert(
      fc.property(route, contentType, (path, type) => {
        const file = accepted(() => routeToFile(path, type));
        if (file === undefined) return;
        const target = resolve(publicDir, file);
        expect(target.startsWith(publicDir + sep)).toBe(true);
        expect(file.split('/')).not.toContain('..');
        expect(file).not.toMatch(/^\/|\/\/|\\|\0/);
      }),
      runs,
    );
  });

  it('writes exactly the decoded segments, plus index.html for HTML without extension', () => {
    fc.assert(
      fc.property(route, contentType, (path, type) => {
        const file = accepted(() => routeToFile(path, type));
        if (file === undefined) return;
        const segments = routeSegments(path);
        expect([segments, [...segments, 'index.html']].map((s) => s.join('/'))).toContain(file);
      }),
      runs,
    );
  });

  it('agrees with the static server: every accepted route is looked up at the segments it was written to', async () => {
    await fc.assert(
      fc.asyncProperty(route, async (path) => {
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
