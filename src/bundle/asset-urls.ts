/**
 * Files beside the sources: `new URL('./data.md', import.meta.url)` in a route (or a module it
 * imports) names a file next to that source, but the code runs from the bundle. Each such file, or
 * every file of such a folder, is emitted into the bundle's `assets/` and the expression is rewritten
 * to point there, through Rollup's own `import.meta.ROLLUP_FILE_URL_` references. So dev, the
 * prerender and the built server (which can be copied anywhere) all read the same bytes. A folder is
 * a module of its own, which every module naming it imports: its files are emitted once per build,
 * however many modules name it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { stat, utimes } from 'node:fs/promises';
import type { OutputBundle, PluginContext, TransformPluginContext, TransformResult } from 'rollup';
import { errors } from '../errors.ts';
import { warnings } from '../warnings.ts';
import { isHiddenName } from '../runtime/url-path.ts';
import { isSiteSource } from './site-source.ts';
import { sitePath } from '../cache/site-path.ts';
import { walkAst, type AstNode } from './walk-ast.ts';
import { combinedMap, sourcePlace, type Place } from './source-place.ts';
import { runtimeId } from './entry.ts';
import { entryNear } from './file-near.ts';

/**
 * Rewrites every `new URL('./relative', import.meta.url)` of a site module to the copy emitted next to
 * the bundle, and watches the files it names. Throws when the path names nothing; warns (ASSET_URL,
 * at the place in the source) for a path it cannot copy: one that is not a literal, or a literal that
 * does not start with `./` or `../`, which would be read from beside the bundle instead.
 */
export function rewriteAssetUrls(context: TransformPluginContext, code: string, id: string, root: string): TransformResult {
  if (!isSiteSource(id) || !code.includes('import.meta.url')) return null;
  let rewritten = '';
  let copied = 0;
  const folders: string[] = [];
  for (const { node, path } of findAssetUrls(context.parse(code))) {
    if (path === undefined || !/^\.{1,2}\//.test(path)) {
      // A URL of its own (https:, file:, /abs) is read where it says, not beside the source.
      if (path === undefined || !/^([a-z][a-z\d+.-]*:|\/)/i.test(path)) warnAssetUrl(context, code, node, relative(root, id), path === undefined ? 'is not a literal' : 'does not start with ./ or ../');
      continue;
    }
    const target = resolve(id, '..', path);
    if (!existsSync(target)) throw errors.missingAsset(sitePath(root, id), sitePath(root, target), entryNear(path, id));
    const url = statSync(target).isDirectory() ? `new URL(${folderImport(id, target, root, folders)})` : `new URL(import.meta.ROLLUP_FILE_URL_${emitAsset(context, target)})`;
    rewritten += code.slice(copied, node.start) + url;
    copied = node.end;
  }
  if (copied === 0) return null;
  // The folders' imports go on the first line, so no line moves and the source map holds.
  const imports = folders.map((folder, index) => `import ${folderBinding}${index} from ${JSON.stringify(assetFolderPrefix + folder)}; `).join('');
  return { code: imports + rewritten + code.slice(copied), map: null };
}

/** The prefix of a folder's module id, before the folder's absolute path: `\0` keeps other plugins from reading it as a file. */
export const assetFolderPrefix = '\0api-prerender:folder:';

/** The name a module gives each folder's URL it imports, numbered. */
const folderBinding = '__apiPrerenderFolder';

/**
 * The name in `importer` of the URL of `folder`, added to `folders` (the importer's, in order) when
 * it is the first time the module names it. Throws when the folder has no file to copy.
 */
function folderImport(importer: string, folder: string, root: string, folders: string[]): string {
  if (listFiles(folder).length === 0) throw errors.emptyAssetFolder(sitePath(root, importer), sitePath(root, folder));
  const known = folders.indexOf(folder);
  return `${folderBinding}${known === -1 ? folders.push(folder) - 1 : known}`;
}

/** An AST node as Rollup's parser gives it, with its place in the code. */
type Node = AstNode;

/**
 * Every `new URL(path, import.meta.url)` in a module, in source order, with `path` when it is a
 * literal string (a template without holes too), `undefined` when it is an expression.
 */
function findAssetUrls(program: unknown): { node: Node; path: string | undefined }[] {
  const found: { node: Node; path: string | undefined }[] = [];
  walkAst(program, (node) => {
    const args = node.arguments as Node[] | undefined;
    if (node.type === 'NewExpression' && isIdentifier(node.callee, 'URL') && args?.length === 2 && isImportMetaUrl(args[1])) {
      found.push({ node, path: literalText(args[0]) });
    }
  });
  return found.sort((a, b) => a.node.start - b.node.start);
}

const isIdentifier = (node: unknown, name: string) => (node as Node).type === 'Identifier' && (node as { name?: string }).name === name;

function isImportMetaUrl(node: Node): boolean {
  const meta = node.object as Node | undefined;
  return node.type === 'MemberExpression' && !node.computed && isIdentifier(node.property, 'url') && meta?.type === 'MetaProperty' && isIdentifier(meta.meta, 'import') && isIdentifier(meta.property, 'meta');
}

/** The text of a string literal or a template literal without holes; `undefined` for anything else. */
function literalText(node: Node): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.quasis as { value: { cooked: string | null } }[] | undefined;
  if (node.type === 'TemplateLiteral' && quasis?.length === 1) return quasis[0].value.cooked ?? undefined;
  return undefined;
}

/**
 * The ASSET_URL warning for `node`, at its place in the source (through the previous transforms' map),
 * quoting the path as the source writes it. The catalogue's warning rides in `meta`: Rollup rewords a
 * plugin's message and code.
 */
function warnAssetUrl(context: TransformPluginContext, code: string, node: Node, file: string, problem: string): void {
  const [path, base] = node.arguments as Node[];
  const map = combinedMap(context);
  const at = sourcePlace(map, code, node.start);
  // The path as written: from its first token to the comma before `import.meta.url`, both found
  // through the map (the transpiled code may spell it otherwise: other quotes, types removed).
  const source = map.payload.sourcesContent?.[0];
  const from = source === undefined ? undefined : sourceOffset(source, sourcePlace(map, code, path.start));
  const to = source === undefined ? undefined : source.lastIndexOf(',', sourceOffset(source, sourcePlace(map, code, base.start)));
  const written = source !== undefined && from !== undefined && to !== undefined && to > from ? source.slice(from, to).trim() : code.slice(path.start, path.end);
  const warning = warnings.assetUrl(`${file}:${at.line}:${at.column}`, problem, written, literalFolder(path, written));
  context.warn({ code: warning.code, message: warning.message, meta: { warning } });
}

/**
 * The literal the build could copy in place of `path` (written `written` in the source): its own
 * text made relative (`'notes.md'` -> `./notes.md`, as `file`), or the folder its static start names
 * (`'./posts/' + slug` -> `./posts/`, then `slug` as `rest`); nothing where no static start says
 * which folder.
 */
function literalFolder(path: Node, written: string): { file: string } | { folder: string; rest: string } | undefined {
  const text = literalText(path);
  if (text !== undefined) return { file: text.startsWith('/') ? text : `./${text}` };
  let first = path;
  while (first.type === 'BinaryExpression' && first.operator === '+') first = first.left as Node;
  const quasis = path.quasis as { value: { cooked: string | null } }[] | undefined;
  const start = first.type === 'Literal' && typeof first.value === 'string' ? first.value : path.type === 'TemplateLiteral' ? (quasis![0].value.cooked ?? '') : undefined;
  const slash = start?.lastIndexOf('/') ?? -1;
  if (start === undefined || slash === -1) return undefined;
  const folder = /^\.{1,2}\//.test(start) ? start.slice(0, slash + 1) : `./${start.slice(0, slash + 1)}`;
  const tail = start.slice(slash + 1);
  if (path.type === 'TemplateLiteral') return { folder, rest: '`' + tail + written.slice(written.indexOf('${')) };
  // What follows the first string as written: after its closing quote and the `+`.
  const quoted = /^(['"])(?:\\.|(?!\1)[^\\])*\1/.exec(written)?.[0] ?? '';
  const after = written.slice(quoted.length).replace(/^\s*\+\s*/, '');
  return { folder, rest: tail ? `${JSON.stringify(tail).replace(/^"|"$/g, "'")} + ${after}` : after };
}

/** The offset in `source` of a place (1-based line and column). */
function sourceOffset(source: string, place: Place): number {
  let offset = 0;
  for (let line = 1; line < place.line; line++) offset = source.indexOf('\n', offset) + 1;
  return offset + place.column - 1;
}

function emitAsset(context: PluginContext, file: string, fileName?: string): string {
  context.addWatchFile(file);
  return context.emitFile({ type: 'asset', name: basename(file), originalFileName: file, fileName, source: readFileSync(file) });
}

/**
 * The module of the folder `id` names (the `load` hook's answer): each of its files (hidden ones
 * left out, as everywhere) is emitted under one `assets/<name>-<hash>/`, in every build (a hook's
 * emits are not kept in Rollup's cache, as a transform's are), and its default export is that
 * folder's URL, found from the URL of its first file.
 */
export function loadAssetFolder(context: PluginContext, id: string, root: string): string | null {
  if (!id.startsWith(assetFolderPrefix)) return null;
  const folder = id.slice(assetFolderPrefix.length);
  const files = listFiles(folder);
  // Emptied since a module naming it was compiled (dev keeps that module's compile).
  if (files.length === 0) {
    const importer = context.getModuleInfo(id)?.importers[0];
    throw errors.emptyAssetFolder(importer ? sitePath(root, importer) : 'A module', sitePath(root, folder));
  }
  const outDir = `assets/${basename(folder)}-${hashOf(folder, files)}`;
  const refs = files.map((file) => emitAsset(context, join(folder, file), `${outDir}/${file.split(sep).join('/')}`));
  const up = '../'.repeat(files[0]!.split(sep).length - 1) || './';
  // The runtime keeps which folder the copy stands for, to name a file a route does not find in it.
  return `import { copiedFolder } from ${JSON.stringify(runtimeId)};\nexport default copiedFolder(new URL(${JSON.stringify(up)}, import.meta.ROLLUP_FILE_URL_${refs[0]}).href, ${JSON.stringify(sitePath(root, folder))});\n`;
}

/**
 * A folder's module reads the folder: watched from its transform, so it counts among the module's
 * reads (the dev server and the cache follow those to the modules that import it).
 */
export function watchAssetFolder(context: TransformPluginContext, id: string): void {
  if (id.startsWith(assetFolderPrefix)) context.addWatchFile(id.slice(assetFolderPrefix.length));
}

/**
 * Gives each file copied beside the bundle (written to `dir`) its source's times, so a route that
 * reads a copy's `mtime` (a feed's `updated`) reads its source's, as it would beside the source, and
 * the same in every build: Rollup writes the copy now.
 */
export async function keepSourceTimes(dir: string, bundle: OutputBundle): Promise<void> {
  await Promise.all(
    Object.values(bundle).map(async (output) => {
      const source = output.type === 'asset' ? output.originalFileNames[0] : undefined;
      const times = source === undefined ? undefined : await stat(source).catch(() => undefined);
      if (times?.isFile()) await utimes(join(dir, output.fileName), times.atime, times.mtime);
    }),
  );
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
