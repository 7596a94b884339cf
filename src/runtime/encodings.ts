/**
 * The content codings a build writes precompressed copies in (SPEC section 9, `compress`), and the
 * suffix of each copy: `feed.json.br` beside `feed.json`. Shared by the build, which writes the
 * copies, and the servers, which serve them; here, in the runtime, because the server bundle carries it.
 */

/** Each coding's file suffix, as nginx's `gzip_static`/`brotli_static` and Caddy's `precompressed` find them. */
export const encodingSuffixes = { br: '.br', zstd: '.zst', gzip: '.gz' } as const;

/** A content coding of a precompressed copy, spelled as in `Accept-Encoding` and `Content-Encoding`. */
export type Encoding = keyof typeof encodingSuffixes;

/**
 * The order the servers prefer codings in when a request accepts several with one q-value, the
 * order copies are listed in: brotli is the smallest for text at the levels the build uses, and
 * zstd is ahead of gzip for the same reason. Caddy's `precompressed br zstd gzip` prefers the same.
 */
export const encodingOrder: readonly Encoding[] = ['br', 'zstd', 'gzip'];

/** The bytes of a file's precompressed copies, by coding: what the manifest records (`"encodings"`). */
export type EncodedSizes = Partial<Record<Encoding, number>>;

/** Whether `name` is a coding the build writes copies in. */
export function isEncoding(name: unknown): name is Encoding {
  return typeof name === 'string' && Object.hasOwn(encodingSuffixes, name);
}

/**
 * The codings of `sizes`, in {@link encodingOrder}.
 * @example encodingsOf({ gzip: 401, br: 312 }) // ['br', 'gzip']
 */
export function encodingsOf(sizes: EncodedSizes): Encoding[] {
  return encodingOrder.filter((encoding) => sizes[encoding] !== undefined);
}
