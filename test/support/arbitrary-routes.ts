/** Random routes for the property tests of the output layout and the static server (fast-check arbitraries). */
import fc from 'fast-check';
import { PrerenderError } from '../../src/errors.ts';

/** Pieces that hostile or careless routes are made of, mixed with random text. */
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b.json', 'rss.xml', 'index.html', '1', '-', '_', '~', 'é', '😀', '中') },
  { weight: 3, arbitrary: fc.constantFrom('%', '.', '..', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '\\', '%00', '%0a', '\0', '\t', '%20', ' ') },
  { weight: 2, arbitrary: fc.constantFrom('%25', '%252e', '%C3%A9', '%E0%A4%A', '%FF', '%zz', '?', '#', ':', '*', '%3F', '%23', '\uD800', '\u00A0', '"', '<') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
const segment = fc.array(piece, { minLength: 0, maxLength: 4 }).map((pieces) => pieces.join(''));
/** A route made of those pieces: any start (none, "//", "\\"), up to five segments, maybe a trailing slash. */
export const hostileRoute = fc
  .tuple(fc.constantFrom('/', '/', '/', '', '//', '\\'), fc.array(segment, { maxLength: 5 }), fc.boolean())
  .map(([start, segments, trailing]) => start + segments.join('/') + (trailing && segments.length > 0 ? '/' : ''));
/** The content types whose layout differs: HTML goes to index.html. */
export const contentType = fc.constantFrom('text/html; charset=utf-8', 'application/json', 'text/xml', 'text/plain; charset=utf-8');

/** The result of `run`, or `undefined` when it threw a PrerenderError (anything else fails the property). */
export function accepted<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof PrerenderError && (error.code === 'ROUTE_PATH' || error.code === 'OUTPUT_CLASH')) return undefined;
    throw error;
  }
}
