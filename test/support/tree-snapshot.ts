/** Every file under a folder with its bytes, so a test can show a build left a folder byte-identical. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Relative path -> file content (base64) of every regular file, sorted by path. */
export function snapshotTree(dir: string): Record<string, string> {
  const snapshot: Record<string, string> = {};
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) snapshot[relative(dir, path)] = readFileSync(path).toString('base64');
  }
  return snapshot;
}

/**
 * {@link snapshotTree} of a build's `dist/<name>` without its build report (report.html holds the
 * build's times; `prerender merge` writes no report): what a merge must reproduce byte for byte.
 */
export function outputTree(dir: string): Record<string, string> {
  const { 'report.html': _page, 'report-files.json': _files, ...rest } = snapshotTree(dir);
  return rest;
}

/**
 * The names in `outDir` a build left besides its output (staging, old and lock files); none when
 * there is no `outDir` (a first build that failed removes the one it made).
 */
export function leftovers(outDir: string, name: string): string[] {
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir).filter((entry) => entry !== name && entry.startsWith(`.${name}`));
}
