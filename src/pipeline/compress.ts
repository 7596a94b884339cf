/**
 * The compress step (SPEC section 9, `compress`): once every file of `public/` is written, the
 * precompressed copies beside the compressible ones (compress/), recorded in the manifest. Written
 * for the `static` preset only, and said in one line.
 */
import { compressOutput, type CompressSummary } from '../compress/compress-output.ts';
import { whileDoing } from '../file-limit.ts';
import { staticHosts } from '../hosts/host-output.ts';
import { warn } from '../log.ts';
import { counted } from '../plural.ts';
import { formatBytes, formatCopies } from '../report/build-report.ts';
import type { Encoding } from '../runtime/encodings.ts';
import { warnings } from '../warnings.ts';
import type { BuildContext } from './context.ts';

/** Copies shown in a warning: the rest are counted. */
const shownNames = 5;

/**
 * Writes the precompressed copies `compress` asks for, unless there are none to write or the
 * preset's host compresses on its own (Netlify, Cloudflare Pages, Vercel and GitHub Pages all do,
 * and serve no copies: they would be published as files of their own), which a warning says.
 * Returns what it wrote, for the report; `undefined` when it wrote nothing.
 */
export async function precompress(build: BuildContext): Promise<CompressSummary | undefined> {
  const { config, logger, paths, claims, signal } = build;
  const encodings = config.compress;
  if (encodings.length === 0) return undefined;
  const host = staticHosts[config.preset];
  if (host !== undefined) {
    warn(logger, warnings.compressUnused(config.preset, host));
    return undefined;
  }
  const started = performance.now();
  const isTaken = (file: string) => claims.ownerOf(file) !== undefined;
  const summary = await whileDoing('writing precompressed copies (compress)', () =>
    compressOutput({ distDir: paths.dir, publicDir: paths.publicDir, encodings, otherFiles: build.siteFiles, isTaken, signal }),
  );
  signal?.throwIfAborted();
  if (summary.taken.length > 0) warn(logger, warnings.compressedNameTaken(summary.taken.length, summary.taken.slice(0, shownNames)));
  logger.info(formatCompressSummary(summary, encodings, performance.now() - started));
  return summary;
}

/**
 * The line a build prints about its copies.
 * @example 'precompressed 3 files of 12.3 kB (br, gzip) in 0.05s: br 3.1 KiB, gzip 3.9 kB'
 */
export function formatCompressSummary(summary: CompressSummary, encodings: readonly Encoding[], ms: number): string {
  const took = `in ${(ms / 1000).toFixed(2)}s`;
  if (summary.files === 0) return `precompressed no file (${encodings.join(', ')}) ${took}: none is of a text type, 1 KiB or more, and smaller compressed`;
  return `precompressed ${counted(summary.files, 'file')} of ${formatBytes(summary.bytes)} (${encodings.join(', ')}) ${took}: ${formatCopies(summary.copies)}`;
}
