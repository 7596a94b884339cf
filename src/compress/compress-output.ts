/**
 * Precompression of an output (SPEC section 9, `compress`), as the build's compress step
 * (pipeline/compress.ts) and `prerender merge` run it: once every file of `public/` is written, copies
 * of the compressible ones are written beside them by the thread pool, and the manifest is rewritten
 * with each route's copies and the other files' (`"compressed"`). The manifest is read and written one
 * entry at a time, so the step holds no list of the routes.
 */
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createManifestWriter, manifestName, readManifestEntries, readManifestHead, type CompressedFile, type ManifestEntry } from '../output/manifest.ts';
import { typeByExtension } from '../runtime/extension.ts';
import { encodingSuffixes, type EncodedSizes, type Encoding } from '../runtime/encodings.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { createCompressPool } from './compress-pool.ts';
import { isCompressible, minCompressBytes } from './compressible.ts';

/** What the step needs; narrow on purpose. */
export interface CompressOutputInput {
  /** The staged `dist/<name>` (its manifest) and its `public/`. */
  distDir: string;
  publicDir: string;
  encodings: readonly Encoding[];
  /** The files of `public/` that are no route's: publicDir's copies, the sitemap, robots.txt (relative, `/`-separated). */
  otherFiles: Iterable<string>;
  /** Whether a file of the site has this name (relative to `public/`): no copy is written over one. */
  isTaken: (file: string) => boolean;
  /** Stops the step: its threads end at once, and it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What the step did: for the summary line and the COMPRESSED_NAME_TAKEN warning. */
export interface CompressSummary {
  /** Files that got at least one copy. */
  files: number;
  /** Their bytes, and their copies' bytes by coding. */
  bytes: number;
  copies: EncodedSizes;
  /** Copies written. */
  count: number;
  /** Copies not written because a file of the site has their name (`api/x.json.br`). */
  taken: string[];
}

/** Entries compressed ahead of the one the rewritten manifest waits for: enough to keep every thread busy. */
const aheadEntries = 512;

/** Writes the copies of every compressible file under `publicDir` and records them in the manifest. */
export async function compressOutput(input: CompressOutputInput): Promise<CompressSummary> {
  const compressor = createCompressor(input);
  try {
    const others = await compressOthers(input.otherFiles, compressor.compress);
    await rewriteManifest(input.distDir, async (entry) => {
      const encodings = await compressor.compress(entry.file, entry.contentType, entry.bytes);
      return encodings ? { ...entry, encodings } : entry;
    }, others);
  } finally {
    await compressor.close();
  }
  return compressor.summary;
}

/**
 * Writes the copies of `files`, files of `publicDir` that are no route's (typed by extension), and
 * returns those with copies, sorted: what `prerender merge` does for the sitemap it writes.
 */
export async function compressFiles(input: Omit<CompressOutputInput, 'distDir'>): Promise<CompressedFile[]> {
  const compressor = createCompressor(input);
  try {
    return await compressOthers(input.otherFiles, compressor.compress);
  } finally {
    await compressor.close();
  }
}

/** Compresses a file of `public/` (with its type, and its size when known) into the copies it gets; `undefined`: none. */
type Compress = (file: string, type: string | undefined, bytes: number | undefined) => Promise<EncodedSizes | undefined>;

/** A pool, the rule for which files and codings, and the tally of what was written. */
function createCompressor(input: Omit<CompressOutputInput, 'distDir' | 'otherFiles'>): { compress: Compress; summary: CompressSummary; close(): Promise<void> } {
  input.signal?.throwIfAborted();
  const summary: CompressSummary = { files: 0, bytes: 0, copies: {}, count: 0, taken: [] };
  const pool = createCompressPool();
  const stop = () => void pool.close(input.signal!.reason);
  input.signal?.addEventListener('abort', stop, { once: true });
  const compress: Compress = async (file, type, bytes) => {
    if (type === undefined || !isCompressible(type) || (bytes !== undefined && bytes < minCompressBytes)) return undefined;
    const encodings = input.encodings.filter((encoding) => {
      const taken = input.isTaken(file + encodingSuffixes[encoding]);
      if (taken) summary.taken.push(file + encodingSuffixes[encoding]);
      return !taken;
    });
    if (encodings.length === 0) return undefined;
    const done = await pool.compress({ path: join(input.publicDir, file), encodings });
    if (Object.keys(done.copies).length === 0) return undefined;
    summary.files++;
    summary.bytes += done.bytes;
    for (const [encoding, size] of Object.entries(done.copies) as [Encoding, number][]) {
      summary.copies[encoding] = (summary.copies[encoding] ?? 0) + size;
      summary.count++;
    }
    return done.copies;
  };
  const close = () => {
    input.signal?.removeEventListener('abort', stop);
    return pool.close();
  };
  return { compress, summary, close };
}

/** The files that are no route's, typed by extension, compressed side by side; those with copies, sorted. */
async function compressOthers(otherFiles: Iterable<string>, compress: Compress): Promise<CompressedFile[]> {
  const files = [...new Set(otherFiles)].filter((file) => !isHostConfigFile(file.split('/'))).sort();
  const results = await Promise.all(files.map(async (file) => ({ file, encodings: await compress(file, typeByExtension(file), undefined) })));
  return results.filter((result): result is CompressedFile => result.encodings !== undefined);
}

/**
 * Rewrites the manifest of `distDir`, its head kept, each route entry replaced by what `update` makes
 * of it (in order, up to {@link aheadEntries} at work at once), and `compressed` after the routes.
 */
async function rewriteManifest(distDir: string, update: (entry: ManifestEntry) => Promise<ManifestEntry>, compressed: CompressedFile[]): Promise<void> {
  const before = `${manifestName}.before-compress`;
  await rename(join(distDir, manifestName), join(distDir, before));
  const writer = createManifestWriter(distDir, readManifestHead(join(distDir, before)));
  const pending: Promise<ManifestEntry>[] = [];
  try {
    for await (const entry of readManifestEntries(join(distDir, before))) {
      const updated = update(entry);
      // Awaited in order below; a failure meanwhile is not left unhandled.
      updated.catch(() => undefined);
      pending.push(updated);
      if (pending.length >= aheadEntries) writer.add(await pending.shift()!);
    }
    for (const updated of pending.splice(0)) writer.add(await updated);
  } catch (error) {
    writer.close(true);
    throw error;
  }
  writer.close(false, compressed);
  await rm(join(distDir, before));
}
