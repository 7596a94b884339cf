/** What a build's manifest says of its files, as the server that serves the build reads it. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodingsOf, type EncodedSizes, type Encoding } from './encodings.ts';
import type { RecordedFiles } from './file-table.ts';

/** The parts of `prerender-manifest.json` the server reads. */
interface ManifestFiles {
  routes?: { file: string; contentType: string; headers?: [string, string][]; encodings?: EncodedSizes }[];
  /** Files that are no route's with precompressed copies (compress). */
  compressed?: { file: string; encodings: EncodedSizes }[];
}

/**
 * The types, other headers and precompressed copies recorded in `<distDir>/prerender-manifest.json`,
 * by file path relative to `public/`.
 */
export function readManifestFiles(distDir: string): Required<RecordedFiles> {
  const file = join(distDir, 'prerender-manifest.json');
  const types = new Map<string, string>();
  const headers = new Map<string, [string, string][]>();
  const encodings = new Map<string, Encoding[]>();
  if (!existsSync(file)) return { types, headers, encodings };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFiles;
  for (const entry of manifest.routes ?? []) {
    types.set(entry.file, entry.contentType);
    if (entry.headers) headers.set(entry.file, entry.headers);
    if (entry.encodings) encodings.set(entry.file, encodingsOf(entry.encodings));
  }
  for (const entry of manifest.compressed ?? []) encodings.set(entry.file, encodingsOf(entry.encodings));
  return { types, headers, encodings };
}
