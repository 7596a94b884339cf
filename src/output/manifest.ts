import { closeSync, createReadStream, existsSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Preset } from '../config/types.ts';
import { errors } from '../errors.ts';
import { readLines } from '../read-lines.ts';
import { pieceSize, writeAll } from './write-all.ts';
import type { EncodedSizes } from '../runtime/encodings.ts';
import type { CarriedHeader } from './carried-headers.ts';
import { byRoute } from './route-to-file.ts';

/** What `prerender-manifest.json` records for each prerendered route. */
export interface ManifestEntry {
  route: string;
  /** The route a crawled route was first found on (prerender.crawl); absent for a listed route. */
  foundOn?: string;
  /** Path relative to `public/`, `/`-separated. */
  file: string;
  status: number;
  contentType: string;
  /** Other headers the handler set that a static host can carry; absent when none. */
  headers?: CarriedHeader[];
  bytes: number;
  /** The bytes of the file's precompressed copies, by coding (`compress`); absent when it has none. */
  encodings?: EncodedSizes;
  ms: number;
  /** The route file whose `entries` listed the route; absent for a route of `prerender.routes`. */
  listedBy?: string;
}

/** A file of `public/` that is no route's (publicDir, sitemap, robots.txt) with precompressed copies. */
export interface CompressedFile {
  file: string;
  encodings: EncodedSizes;
}

/** The file name, beside `public/` and `server/`. */
export const manifestName = 'prerender-manifest.json';

/**
 * What the manifest says of the whole build, before its routes: the preset it was written for
 * (`preset` or `--preset`), which `prerender preview` serves it as, and the config file it read
 * (from the site root; `null`: none), without which the next build refuses to replace it. Each is
 * absent from the manifest of a build made before it was recorded there.
 */
export interface ManifestHead {
  preset?: Preset;
  config?: string | null;
}

/**
 * One entry as the manifest spells it: `JSON.stringify` of its fields in this order, absent ones left
 * out. Spelled out field by field rather than made as another object and stringified: this runs for
 * every route written.
 */
export function manifestLine({ route, foundOn, listedBy, file, status, contentType, headers, bytes, encodings, ms }: ManifestEntry): string {
  let line = `{"route":${JSON.stringify(route)}`;
  if (foundOn !== undefined) line += `,"foundOn":${JSON.stringify(foundOn)}`;
  if (listedBy !== undefined) line += `,"listedBy":${JSON.stringify(listedBy)}`;
  line += `,"file":${JSON.stringify(file)},"status":${JSON.stringify(status)},"contentType":${JSON.stringify(contentType)}`;
  if (headers !== undefined) line += `,"headers":${JSON.stringify(headers)}`;
  line += `,"bytes":${JSON.stringify(bytes)}`;
  if (encodings !== undefined) line += `,"encodings":${JSON.stringify(encodings)}`;
  return `${line},"ms":${JSON.stringify(ms)}}`;
}

/** A manifest being written, entry by entry. */
export interface ManifestWriter {
  /** Appends an entry; entries must come sorted by route (byRoute). */
  add(entry: ManifestEntry): void;
  /**
   * Ends the list and closes the file; `abandon`: only closes it (the build failed), never throws.
   * Once closed, closing again does nothing. `compressed` (sorted by file), when not empty, follows
   * the routes as `"compressed"`.
   */
  close(abandon?: boolean, compressed?: CompressedFile[]): void;
}

/**
 * Starts `prerender-manifest.json` in `distDir`: `{ "version": 1, "preset": ..., "routes": [...] }`
 * (`head`'s fields, one a line, before the routes), entries sorted by route, one entry per line
 * (readable, and a diff shows the routes that changed). Entries go to the file in pieces as they are
 * added, so a build of a million routes holds neither them nor the text. `name` writes another file
 * name.
 */
export function createManifestWriter(distDir: string, head: ManifestHead, name = manifestName): ManifestWriter {
  const path = join(distDir, name);
  const fd = openSync(path, 'w');
  const put = (piece: string) => {
    try {
      writeAll(fd, piece);
    } catch (error) {
      throw errors.output(path, error);
    }
  };
  let text = `{\n  "version": 1,${headLines(head)}\n  "routes": [`;
  let count = 0;
  let open = true;
  return {
    add(entry) {
      text += `${count++ === 0 ? '' : ','}
    ${manifestLine(entry)}`;
      // Synchronous: one small write per ~64 kB keeps entries in order with no queue to hold.
      if (text.length >= pieceSize) {
        put(text);
        text = '';
      }
    },
    close(abandon = false, compressed = []) {
      if (!open) return;
      open = false;
      try {
        if (!abandon) put(`${text}\n  ]${compressed.length === 0 ? '' : `,\n  "compressed": [${compressed.map((entry) => `\n    ${JSON.stringify(entry)}`).join(',')}\n  ]`}\n}\n`);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** `head`'s fields as the manifest's lines spell them, each ended by a comma. */
function headLines(head: ManifestHead): string {
  return Object.entries(head).map(([key, value]) => `\n  ${JSON.stringify(key)}: ${JSON.stringify(value)},`).join('');
}

/**
 * The preset the build in `dir` was made for (its manifest's), which may be another than the
 * config's (`prerender build --preset netlify`); none for a build that did not record it. The
 * previews (`prerender preview`, `vite preview`) serve the build as that host does.
 */
export function builtPreset(dir: string): Preset | undefined {
  const manifest = join(dir, manifestName);
  return existsSync(manifest) ? readManifestHead(manifest).preset : undefined;
}

/**
 * The head of the manifest at `path` (what precedes its routes), read without the routes: a
 * preview of a million routes' build reads a few lines of it.
 */
export function readManifestHead(path: string): ManifestHead {
  const fd = openSync(path, 'r');
  try {
    let text = '';
    for (const line of readLines(fd)) {
      if (line.startsWith('  "routes": [')) break;
      text += line;
    }
    const { version: _, ...head } = JSON.parse(`${text.replace(/,$/, '')}}`) as ManifestHead & { version: number };
    return head;
  } finally {
    closeSync(fd);
  }
}

/** Writes the manifest of `entries` (in any order) and `compressed` into `distDir`: see {@link createManifestWriter}. */
export async function writeManifest(distDir: string, head: ManifestHead, entries: ManifestEntry[], compressed: CompressedFile[] = []): Promise<void> {
  const writer = createManifestWriter(distDir, head);
  try {
    for (const entry of [...entries].sort(byRoute)) writer.add(entry);
  } finally {
    writer.close(false, [...compressed].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)));
  }
}

/** Reads the manifest of a build (`distDir` holds `prerender-manifest.json`). */
export async function readManifest(distDir: string): Promise<ManifestEntry[]> {
  return (await readManifestFile(distDir)).routes;
}

/** Reads the whole manifest of a build: its routes, and its other files with precompressed copies. */
export async function readManifestFile(distDir: string): Promise<{ routes: ManifestEntry[]; compressed: CompressedFile[] }> {
  const { routes, compressed = [] } = JSON.parse(await readFile(join(distDir, manifestName), 'utf8')) as { routes: ManifestEntry[]; compressed?: CompressedFile[] };
  return { routes, compressed };
}

/**
 * The route entries of the manifest at `path`, one at a time as the file is read: the file as
 * {@link createManifestWriter} writes it, one entry a line, so that no build holds them all.
 */
export async function* readManifestEntries(path: string): AsyncGenerator<ManifestEntry> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let inRoutes = false;
  for await (const line of lines) {
    if (line.startsWith('  "routes": [')) inRoutes = true;
    else if (line.startsWith('  ]')) inRoutes = false;
    else if (inRoutes && line.startsWith('    {')) yield JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as ManifestEntry;
  }
}

/** How many routes the published build in `distDir` prerendered: 0 where there is none (or no manifest). */
export async function publishedRouteCount(distDir: string): Promise<number> {
  const path = join(distDir, manifestName);
  if (!existsSync(path)) return 0;
  let count = 0;
  for await (const _ of readManifestEntries(path)) count++;
  return count;
}
