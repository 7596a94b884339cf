/**
 * The compressors, one per coding, at the levels the build writes copies with (measured in bench/,
 * numbers in the README's "Precompressed output"). Each is deterministic: the same bytes in give the
 * same bytes out, so two builds of one input are byte-identical (gzip's header carries no time).
 */
import zlib from 'node:zlib';
import type { Encoding } from '../runtime/encodings.ts';

/** zlib's zstd functions, from Node 22.15 and 23.8 on; @types/node 20 does not know them. */
const zstd = zlib as { zstdCompressSync?: (body: Uint8Array, options: { params: Record<number, number> }) => Buffer };

/** Whether this Node can write zstd copies (`zlib.zstdCompressSync`: Node 22.15, 23.8 and later). */
export const hasZstd = typeof zstd.zstdCompressSync === 'function';

/** The Node versions that have zstd, named in the error when `compress` asks for it on another. */
export const zstdNodeVersions = '22.15 or 23.8 and later';

/**
 * The levels, measured on sample-site, the benchmark's catalogue and larger text files: brotli at
 * quality 6 makes files 4% (small JSON) to 14% (large scripts) larger than quality 11, 17 to 94 times
 * faster (11 takes ~1.4 ms for a 2.5 kB JSON file, 3 s for 3 MB of scripts, and made the 10,000-URL
 * sitemap larger than 6 did); gzip at its best, since deflate is fast at any level; zstd at 7, about
 * brotli 6's size, where higher levels slow down for little.
 */
export const levels = { gzip: 9, br: 6, zstd: 7 } as const;

/** zstd's compression-level parameter (`zlib.constants.ZSTD_c_compressionLevel`, absent from @types/node 20). */
const zstdLevelParam = (zlib.constants as unknown as Record<string, number>).ZSTD_c_compressionLevel;

/** `body` compressed in `encoding`. Text mode for brotli: every type the build compresses is text. */
export function encode(body: Uint8Array, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'gzip':
      return zlib.gzipSync(body, { level: levels.gzip });
    case 'br':
      return zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      });
    case 'zstd':
      return zstd.zstdCompressSync!(body, { params: { [zstdLevelParam]: levels.zstd } });
  }
}
