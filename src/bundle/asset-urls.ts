/**
 * Files beside the sources: `new URL('./data.md', import.meta.url)` in a route (or a module it
 * imports) names a file next to that source, but the code runs from the bundle. Each such file, or
 * every file of such a folder, is emitted into the bundle's `assets/` and the expression is rewritten
 * to point there, through Rollup's own `import.meta.ROLLUP_FILE_URL_` references. So dev, the
 * prerender and the built server (which can be copied anywhere) all read the same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { TransformPluginContext, TransformResult } from 'rollup';
import { errors } from '../errors.ts';
import { isHiddenName } from '../runtime/url-path.ts';

// A literal relative path (no template holes) and import.meta.url: what bundlers treat as an asset.
const assetUrl = /new\s+URL\(\s*(['"`])(\.{1,2}\/[^'"`$\\\n]*)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Whether a module is the site's own source (not a package, not a virtual module). */
function isSiteSource(id: string): boolean {
  return !id.startsWith('\0') && !id.split(/[\\/]/).includes('node_modules');
}

/**
 * Rewrites every `new URL('./relative', import.meta.url)` of a site module to the copy emitted next to
 * the bundle, and watches the files it names. Throws when the path names nothing.
 */
export function rewriteAssetUrls(context: TransformPluginContext, code: string, id: string): TransformResult {
  if (!isSiteSource(id) || !code.includes('import.meta.url')) return null;
  let changed = false;
  const rewritten = code.replace(assetUrl, (_match, _quote: string, path: string) => {
    const target = resolve(id, '..', path);
    if (!existsSync(target)) throw errors.missingAsset(id, target);
    changed = true;
    const folder = statSync(target).isDirectory();
    return folder ? folderUrl(context, id, target) : `new URL(import.meta.ROLLUP_FILE_URL_${emitAsset(context, target)})`;
  });
  return changed ? { code: rewritten, map: null } : null;
}

function emitAsset(context: TransformPluginContext, file: string, fileName?: string): string {
  context.addWatchFile(file);
  return context.emitFile({ type: 'asset', name: basename(file), originalFileName: file, fileName, source: readFileSync(file) });
}

/**
 * A folder: each of its files (hidden ones left out, as everywhere) goes under one
 * `assets/<name>-<hash>/`, and the URL is that folder's, found from the URL of its first file.
 */
function folderUrl(context: TransformPluginContext, importer: string, folder: string): string {
  const files = listFiles(folder);
  if (files.length === 0) throw errors.emptyAssetFolder(importer, folder);
  context.addWatchFile(folder);
  const outDir = `assets/${basename(folder)}-${hashOf(folder, files)}`;
  const refs = files.map((file) => emitAsset(context, join(folder, file), `${outDir}/${file.split(sep).join('/')}`));
  const up = '../'.repeat(files[0]!.split(sep).length - 1) || './';
  return `new URL(${JSON.stringify(up)}, import.meta.ROLLUP_FILE_URL_${refs[0]})`;
}

/** Files under `folder`, relative to it, sorted, without hidden names. */
function listFiles(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).some(isHiddenName))
    .sort();
}

/** A short content hash of the folder's files, so a changed folder never reuses a cached copy's name. */
function hashOf(folder: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(folder, file))).update('\0');
  return hash.digest('hex').slice(0, 8);
}
