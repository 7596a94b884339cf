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
  return readOnce(mediaTypes, contentType, () => contentType.split(';')[0].trim().toLowerCase());
}

const mediaTypes = new Map<string, string>();
const charsets = new Map<string, string | undefined>();

/** A site answers with a handful of types, asked about several times per route: each is read once. */
function readOnce<T>(known: Map<string, T>, contentType: string, read: () => T): T {
  if (known.has(contentType)) return known.get(contentType) as T;
  if (known.size >= 256) known.clear();
  const value = read();
  known.set(contentType, value);
  return value;
}

/**
 * A content type's charset, lower-cased (`utf8` read as `utf-8`). Without one, a type outside `text/`
 * is read as UTF-8 (JSON, XML and JavaScript are UTF-8 unless they say otherwise, whatever the
 * header), while a `text/` type without one is left to the browser's guess: `undefined`.
 */
export function charsetOf(contentType: string): string | undefined {
  return readOnce(charsets, contentType, () => {
    const declared = /;\s*charset\s*=\s*"?([^;"\s]+)/i.exec(contentType)?.[1].toLowerCase();
    if (declared !== undefined) return declared === 'utf8' ? 'utf-8' : declared;
    return mediaType(contentType).startsWith('text/') ? undefined : 'utf-8';
  });
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
