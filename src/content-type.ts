/**
 * What a content type is, read one way everywhere: the output layout (HTML goes to `index.html`),
 * the output checks and the crawl (which bodies are JSON, XML, HTML), the hosts' typing (whether a
 * browser reads two types alike).
 */

/**
 * A content type's media type, lower-cased, without parameters.
 * @example mediaType('Text/HTML; charset=utf-8') // 'text/html'
 */
export function mediaType(contentType: string): string {
  let type = mediaTypes.get(contentType);
  if (type === undefined) {
    // A site answers with a handful of types, asked about several times per route: each read once.
    if (mediaTypes.size >= 256) mediaTypes.clear();
    mediaTypes.set(contentType, (type = contentType.split(';')[0].trim().toLowerCase()));
  }
  return type;
}

const mediaTypes = new Map<string, string>();

/**
 * A content type's charset, lower-cased (`utf8` read as `utf-8`). Without one, a type outside `text/`
 * is read as UTF-8 (JSON, XML and JavaScript are UTF-8 unless they say otherwise, whatever the
 * header), while a `text/` type without one is left to the browser's guess: `undefined`.
 */
export function charsetOf(contentType: string): string | undefined {
  const declared = /;\s*charset\s*=\s*"?([^;"\s]+)/i.exec(contentType)?.[1].toLowerCase();
  if (declared !== undefined) return declared === 'utf8' ? 'utf-8' : declared;
  return mediaType(contentType).startsWith('text/') ? undefined : 'utf-8';
}

/** True when a browser reads both content types the same: one media type, one charset. */
export function sameType(a: string, b: string): boolean {
  return mediaType(a) === mediaType(b) && charsetOf(a) === charsetOf(b);
}

/** True for a `text/html` content type, whatever its parameters. */
export function isHtml(contentType: string): boolean {
  return mediaType(contentType) === 'text/html';
}

/** JSON: `application/json` and any `+json` type (`application/feed+json`). */
export function isJsonType(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

/** XML: `application/xml`, `text/xml` and any `+xml` type (`application/rss+xml`, `image/svg+xml`). */
export function isXmlType(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}
