/**
 * Which files get precompressed copies (SPEC section 9): text-like types of at least
 * {@link minCompressBytes}. One rule for route files (typed by their response) and every other file
 * of `public/` (typed by extension).
 */

/** Files smaller than this get no copies: the bytes saved are fewer than a response's headers. */
export const minCompressBytes = 1024;

/** The structured-syntax suffixes (RFC 6839) of text formats: `application/rss+xml`, `image/svg+xml`, `application/feed+json`. */
const textSuffixes = ['+xml', '+json'];

/** Types outside `text/` that are text: JSON, XML, JavaScript. */
const textTypes = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-javascript', 'application/ecmascript']);

/**
 * Whether a file of this content type shrinks when compressed: text (HTML, CSS, plain, CSV, JavaScript
 * as `text/javascript`), JSON, XML, feeds, JavaScript and SVG. Images, fonts, audio, video and
 * archives are compressed already, and a type we cannot read (`application/octet-stream`) is left alone.
 * @example isCompressible('application/rss+xml; charset=utf-8') // true
 * @example isCompressible('image/png') // false
 */
export function isCompressible(contentType: string): boolean {
  const essence = contentType.split(';', 1)[0].trim().toLowerCase();
  if (essence.startsWith('text/')) return true;
  return textTypes.has(essence) || textSuffixes.some((suffix) => essence.endsWith(suffix));
}
