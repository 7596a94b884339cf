/** What a build's manifest says of its files, as the server that serves the build reads it. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedFiles } from './file-table.ts';

/** The types and other headers recorded in `<distDir>/prerender-manifest.json`, by file path relative to `public/`. */
export function readManifestFiles(distDir: string): Required<RecordedFiles> {
  const file = join(distDir, 'prerender-manifest.json');
  const types = new Map<string, string>();
  const headers = new Map<string, [string, string][]>();
  if (!existsSync(file)) return { types, headers };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { routes?: { file: string; contentType: string; headers?: [string, string][] }[] };
  for (const entry of manifest.routes ?? []) {
    types.set(entry.file, entry.contentType);
    if (entry.headers) headers.set(entry.file, entry.headers);
  }
  return { types, headers };
}
