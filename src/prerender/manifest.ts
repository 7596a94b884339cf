import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CarriedHeader } from './carried-headers.ts';
import { byRoute } from './route-to-file.ts';

/** What `prerender-manifest.json` records for each prerendered route. */
export interface ManifestEntry {
  route: string;
  /** Path relative to `public/`, `/`-separated. */
  file: string;
  status: number;
  contentType: string;
  /** Other headers the handler set that a static host can carry; absent when none. */
  headers?: CarriedHeader[];
  bytes: number;
  ms: number;
}

/** The file name, beside `public/` and `server/`. */
export const manifestName = 'prerender-manifest.json';

/** Text is handed to the file in pieces of about this many characters, never as one string. */
const chunkSize = 64 * 1024;

/**
 * Writes the manifest of a build into `distDir`: `{ "version": 1, "routes": [...] }`, entries sorted
 * by route, one entry per line (readable, and a diff shows the routes that changed). It is streamed
 * out in pieces, so a build of 100,000 routes never holds the whole text.
 */
export async function writeManifest(distDir: string, entries: ManifestEntry[]): Promise<void> {
  const sorted = [...entries].sort(byRoute);
  const handle = await open(join(distDir, manifestName), 'w');
  try {
    let text = '{\n  "version": 1,\n  "routes": [\n';
    for (let i = 0; i < sorted.length; i++) {
      const { route, file, status, contentType, headers, bytes, ms } = sorted[i];
      text += `    ${JSON.stringify({ route, file, status, contentType, headers, bytes, ms })}${i < sorted.length - 1 ? ',' : ''}\n`;
      if (text.length >= chunkSize) {
        await handle.write(text);
        text = '';
      }
    }
    await handle.write(text + '  ]\n}\n');
  } finally {
    await handle.close();
  }
}

/** Reads the manifest of a build (`distDir` holds `prerender-manifest.json`). */
export async function readManifest(distDir: string): Promise<ManifestEntry[]> {
  const { routes } = JSON.parse(await readFile(join(distDir, manifestName), 'utf8')) as { routes: ManifestEntry[] };
  return routes;
}
