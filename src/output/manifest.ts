import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../errors.ts';
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
  ms: number;
  /** The route file whose `entries` listed the route; absent for a route of `prerender.routes`. */
  listedBy?: string;
}

/** The file name, beside `public/` and `server/`. */
export const manifestName = 'prerender-manifest.json';

/** Text is handed to the file in pieces of about this many characters, never as one string. */
const chunkSize = 64 * 1024;

/** A manifest being written, entry by entry. */
export interface ManifestWriter {
  /** Appends an entry; entries must come sorted by route (byRoute). */
  add(entry: ManifestEntry): void;
  /**
   * Ends the list and closes the file; `abandon`: only closes it (the build failed), never throws.
   * Once closed, closing again does nothing.
   */
  close(abandon?: boolean): void;
}

/**
 * Starts `prerender-manifest.json` in `distDir`: `{ "version": 1, "routes": [...] }`, entries sorted by
 * route, one entry per line (readable, and a diff shows the routes that changed). Entries go to the
 * file in pieces as they are added, so a build of a million routes holds neither them nor the text.
 */
export function createManifestWriter(distDir: string): ManifestWriter {
  const path = join(distDir, manifestName);
  const fd = openSync(path, 'w');
  const put = (piece: string) => {
    try {
      writeSync(fd, piece);
    } catch (error) {
      throw errors.output(path, error);
    }
  };
  let text = '{\n  "version": 1,\n  "routes": [';
  let count = 0;
  let open = true;
  return {
    add({ route, foundOn, file, status, contentType, headers, bytes, ms, listedBy }) {
      text += `${count++ === 0 ? '' : ','}
    ${JSON.stringify({ route, foundOn, listedBy, file, status, contentType, headers, bytes, ms })}`;
      // Synchronous: one small write per ~64 kB keeps entries in order with no queue to hold.
      if (text.length >= chunkSize) {
        put(text);
        text = '';
      }
    },
    close(abandon = false) {
      if (!open) return;
      open = false;
      try {
        if (!abandon) put(text + '\n  ]\n}\n');
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** Writes the manifest of `entries` (in any order) into `distDir`: see {@link createManifestWriter}. */
export async function writeManifest(distDir: string, entries: ManifestEntry[]): Promise<void> {
  const writer = createManifestWriter(distDir);
  try {
    for (const entry of [...entries].sort(byRoute)) writer.add(entry);
  } finally {
    writer.close();
  }
}

/** Reads the manifest of a build (`distDir` holds `prerender-manifest.json`). */
export async function readManifest(distDir: string): Promise<ManifestEntry[]> {
  const { routes } = JSON.parse(await readFile(join(distDir, manifestName), 'utf8')) as { routes: ManifestEntry[] };
  return routes;
}
