/**
 * Headers a handler sets that a static host can carry for a file: recorded in the manifest, written
 * to `_headers`, and served by preview and the built server. Only headers that describe the file
 * itself and mean the same on every request; never `set-cookie` (per visitor), nor what the host
 * computes (length, ETag, dates, encodings) or what describes the connection.
 */
const carried = new Set([
  'cache-control',
  'content-language',
  'content-disposition',
  'content-security-policy',
  'x-robots-tag',
  'link',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'referrer-policy',
  'permissions-policy',
  'x-content-type-options',
  'x-frame-options',
]);

/** A header as the manifest records it: lower-case name, value. */
export type CarriedHeader = [name: string, value: string];

/**
 * The headers of `headers` a static host can carry, sorted by name (so manifests and `_headers`
 * are byte-identical across builds); repeated headers come joined by `, ` as `Headers` gives them.
 * @example carriedHeaders(new Headers({ 'cache-control': 'max-age=60', 'set-cookie': 'a=1' })) // [['cache-control', 'max-age=60']]
 */
export function carriedHeaders(headers: Iterable<[name: string, value: string]>): CarriedHeader[] {
  const kept: CarriedHeader[] = [];
  for (const [name, value] of headers) if (carried.has(name)) kept.push([name, value]);
  return kept.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
