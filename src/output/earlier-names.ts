/**
 * Outputs an earlier build of this site wrote under another `name`: a config's name changed (or the
 * package's), and `dist/<old>/` stays beside `dist/<new>/`, where a deploy step that uploads `dist/`
 * would publish both. Told apart from other sites' outputs in a shared outDir by the cache: each
 * name a build used has its folder in `<cacheDir>/`, the site's own `node_modules/.cache` by default.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { manifestName } from './manifest.ts';

/** The other names whose output is in `outDir` and whose cache is in `cacheDir`, sorted. */
export function earlierNames(config: Pick<ResolvedConfig, 'name' | 'outDir' | 'cacheDir'>): string[] {
  let cached: string[];
  try {
    cached = readdirSync(config.cacheDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
  return cached.filter((name) => name !== config.name && existsSync(join(config.outDir, name, manifestName))).sort();
}
