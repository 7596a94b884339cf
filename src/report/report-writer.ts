/**
 * Writes the build report, `report.html`, and the file list the next build compares with,
 * `report-files.json`, into the staged `dist/<name>` as routes finish: each route becomes a row of
 * the page and a line of the list on its way, compared with the previous build's list as it goes,
 * so nothing growing with the route count is held but the files' gzip sizes (4 bytes a file). The rest (summary, failures, the picture of
 * `public/`, what changed) is written when the build ends.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { mediaType } from '../content-type.ts';
import { typeMistake } from '../hosts/type-mistake.ts';
import type { BuildReport } from './build-report.ts';
import type { PrerenderRoute } from '../config/types.ts';
import type { TypeCheckReply } from '../typecheck/typecheck.ts';
import { isCompressible, minCompressBytes } from '../compress/compressible.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';
import { compareFiles, type FileChanges } from './compare-files.ts';
import { createFileListWriter, openFileList } from './file-list.ts';
import { createFolderSizes } from './folder-sizes.ts';
import { pageEnd, pageStart, reportPageName } from './page/page.ts';
import { createRowEncoder, type ReportRow, type RouteProblem } from './page/rows.ts';
import { createTextFile } from '../output/text-file.ts';

/** Where the report goes, and where the previous build is. */
export interface ReportWriterOptions {
  /** The site's name, the page's title. */
  name: string;
  /** The staged `dist/<name>`, and its `public/`. */
  distDir: string;
  publicDir: string;
  /** The previous build's `dist/<name>` (it may not exist). */
  previousDir: string;
  /** Whether a row names what hosts that read no `_headers` send its file as, when not as answered: the host is not known (preset "static"). */
  typeProblems: boolean;
}

/** What the end of the build adds to the report. */
export interface ReportEnd {
  build: BuildReport;
  /** The type check's result, when it ran. */
  typeCheck?: TypeCheckReply;
  /** What the cache reused and rendered (RenderLog.counts); absent when the build ran without it. */
  cache?: string;
  problems: RouteProblem[];
  unlistedProblems: number;
  /** The files of `public/` no route wrote that the build knows of: publicDir's copies, the sitemap, robots.txt. */
  otherFiles: string[];
  /** The files the build added beside the routes' (the sitemap, robots.txt, the host's), as the summary names them. */
  added: readonly string[];
}

/** A report being written. */
export interface ReportWriter {
  /** A route's result, in route order, written or failed (RouteSinkOptions.onRoute). */
  add(result: PrerenderResult, target: PrerenderRoute): void;
  /** The gzip sizes the writer thread measured, in the files' order (FileWriterOptions.onMeasured). */
  measured(gzipBytes: Uint32Array): void;
  /** Writes the rest of both files; the writer of the routes' files must be closed. Returns what changed in `public/` since the previous build. */
  finish(end: ReportEnd): FileChanges;
}

/** Files only the host output writes into `public/` (no route can: `_headers` is claimed, `.nojekyll` hidden). */
const hostFiles = ['_headers', '.nojekyll'];

/** Starts `report.html` and `report-files.json` in `options.distDir`. */
export function createReportWriter(options: ReportWriterOptions): ReportWriter {
  const page = createTextFile(join(options.distDir, reportPageName));
  page.write(pageStart(options.name));
  const encoder = createRowEncoder();
  const list = createFileListWriter(options.distDir);
  const comparison = compareFiles(openFileList(options.previousDir), existsSync(options.previousDir));
  const folders = createFolderSizes();
  // Gzip sizes come from the writer thread after the rows they belong to, so rows point at them
  // (gzipAt) and they are kept here, 4 bytes a file, rather than the rows waiting for them.
  let gzipSizes = new Uint32Array(1024);
  let measuredCount = 0;
  let gzippedFrom = 0;

  return {
    add(result, target) {
      const { route, file, written } = result;
      const row: ReportRow = {
        route,
        status: result.status,
        contentType: result.contentType,
        bytes: result.bytes,
        ms: result.ms,
        // What the cache did (SPEC section 8): the route's output reused, or why it was rendered.
        rendered: result.reused ? 'reused' : (result.reason ?? 'no cache'),
        source: target.listedBy !== undefined ? `entries of ${target.listedBy}` : result.foundOn !== undefined ? `found on ${result.foundOn}` : 'prerender.routes',
        retries: result.retries,
      };
      if (file !== undefined && result.error === undefined && written) {
        const bytes = result.bytes ?? 0;
        if (options.typeProblems && result.mistake === undefined) row.typeProblem = typeProblem(file, result.contentType!);
        row.gzipAt = written.index;
        if (measuresGzip(result.contentType!, bytes)) gzippedFrom += bytes;
        list.route(route, file, bytes, written.crc32);
        row.change = comparison.route(route, file, bytes, written.crc32);
        folders.add(file, bytes);
      }
      page.write(encoder.encode(row));
    },
    measured(gzipBytes) {
      if (measuredCount + gzipBytes.length > gzipSizes.length) {
        const grown = new Uint32Array(Math.max(gzipSizes.length * 2, measuredCount + gzipBytes.length));
        grown.set(gzipSizes.subarray(0, measuredCount));
        gzipSizes = grown;
      }
      gzipSizes.set(gzipBytes, measuredCount);
      measuredCount += gzipBytes.length;
    },
    finish(end) {
      const others = [...new Set([...end.otherFiles, ...hostFiles])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const file of others) {
        const measured = measureFile(join(options.publicDir, file));
        if (!measured) continue;
        list.file(file, measured.bytes, measured.crc);
        comparison.file(file, measured.bytes, measured.crc);
        folders.add(file, measured.bytes);
      }
      list.end();
      const { build, typeCheck, cache, problems, unlistedProblems, added } = end;
      const changes = comparison.finish();
      const gzip = { sizes: gzipSizes.subarray(0, measuredCount), from: gzippedFrom };
      page.write(pageEnd({ build, typeCheck, cache, problems, unlistedProblems, added, gzip, changes, folders: folders.root }, encoder.strings));
      page.end();
      return changes;
    },
  };
}

/**
 * Whether the report shows a body's gzip size (the writer thread measures it): for the bodies
 * `compress` would write copies of, text types of 1 kB or more. No server gzips an image, and a
 * smaller body gains little or nothing (a 100-byte JSON gzips to about 110 bytes) while a gzip call
 * costs ~6 us of CPU whatever the size: at 100,000 such routes, 0.6 s for a column of no use.
 */
export function measuresGzip(contentType: string, bytes: number): boolean {
  return bytes >= minCompressBytes && isCompressible(contentType);
}

/** Where files are read, made at the first: 1 MB that a process never building needs not hold. */
let readBuffer: Buffer | undefined;

/** A file's size and CRC-32, read in pieces (publicDir may hold large files); undefined when there is none. */
function measureFile(path: string): { bytes: number; crc: number } | undefined {
  readBuffer ??= Buffer.allocUnsafe(1024 * 1024);
  const buffer = readBuffer;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    let bytes = 0;
    let crc = 0;
    for (let count; (count = readSync(fd, buffer, 0, buffer.length, null)) > 0; bytes += count) crc = crc32(buffer.subarray(0, count), crc);
    return { bytes, crc };
  } finally {
    closeSync(fd);
  }
}

/** The row's problem when hosts that read no `_headers` send `file` otherwise than as `contentType` (hosts/type-mistake.ts). */
function typeProblem(file: string, contentType: string): string | undefined {
  const mistake = typeMistake(file, contentType);
  if (mistake === undefined) return undefined;
  // A site has a handful of types: each text made once, not once a route (a million untyped routes).
  const [texts, type] = mistake.code === 'UNTYPED_FILE' ? [untypedTexts, contentType] : [mistypedTexts, mistake.servedAs];
  let text = texts.get(type);
  if (text === undefined) {
    if (texts.size >= 256) texts.clear();
    texts.set(type, (text = mistake.code === 'UNTYPED_FILE' ? `UNTYPED_FILE: no extension: only hosts that read public/_headers serve it as ${mediaType(type)}` : `MISTYPED_FILE: its extension makes hosts that read no public/_headers serve it as ${type}`));
  }
  return text;
}

/** {@link typeProblem}'s texts, by the route's content type (untyped) or the type hosts serve (mistyped). */
const untypedTexts = new Map<string, string>();
const mistypedTexts = new Map<string, string>();
