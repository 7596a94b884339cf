import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `prerender-manifest.json` records for each prerendered route. */
export interface ManifestEntry {
  route: string;
  /** Path relative to `public/`, `/`-separated. */
  file: string;
  status: number;
  contentType: string;
  bytes: number;
  ms: number;
}

/** The file name, beside `public/` and `server/`. */
export const manifestName = 'prerender-manifest.json';

/** Writes the manifest of a build into `distDir`, entries sorted by route. */
export async function writeManifest(distDir: string, entries: ManifestEntry[]): Promise<void> {
  const routes = [...entries]
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .map(({ route, file, status, contentType, bytes, ms }) => ({ route, file, status, contentType, bytes, ms }));
  await writeFile(join(distDir, manifestName), JSON.stringify({ version: 1, routes }, null, 2) + '\n');
}
