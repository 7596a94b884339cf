/**
 * An import of a stylesheet, an image or a font in a site module (`import '../style.css'`, `import
 * logo from './logo.svg'`): Vite's client build makes modules of them, the server bundle cannot, and
 * Rollup then failed parsing the CSS as JavaScript ("Syntax error in src/style.css: Expression
 * expected"), naming the valid file and not the import; in dev, every route failed with it. Refused
 * at the import, in the importing module's source (`dev` then leaves out only the route files that
 * reach it), with what to do instead.
 */
import { relative } from 'node:path';
import type { TransformPluginContext } from 'rollup';
import { errors } from '../errors.ts';
import { codeFrame } from './code-frame.ts';
import { isSiteSource } from './site-source.ts';
import { combinedMap, sourcePlace } from './source-place.ts';
import type { AstNode } from './walk-ast.ts';

/** What a file of each extension is, as the error names it; Vite's `?url`, `?raw` and the like included. */
const kinds: [RegExp, string][] = [
  [/\.(css|scss|sass|less|styl|stylus|pcss|postcss)(\?.*)?$/i, 'a stylesheet'],
  [/\.(svg|png|jpe?g|gif|webp|avif|ico|bmp)(\?.*)?$/i, 'an image'],
  [/\.(woff2?|ttf|otf|eot)(\?.*)?$/i, 'a font'],
  [/\.(mp4|webm|ogg|mp3|wav|flac)(\?.*)?$/i, 'a media file'],
];

/** The kind of file `source` names, when it is one the server bundle cannot import. */
const kindOf = (source: string) => kinds.find(([pattern]) => pattern.test(source))?.[1];

/** A quick look before parsing: most modules import none of these. */
const mayImportAsset = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp4|webm|ogg|mp3|wav|flac)(\?[^'"`]*)?['"`]/i;

/** Throws at the first import of such a file in the site module `id` (its code after every other transform). */
export function refuseAssetImports(context: TransformPluginContext, code: string, id: string, root: string): void {
  if (!isSiteSource(id) || !mayImportAsset.test(code)) return;
  const program = context.parse(code) as unknown as { body: AstNode[] };
  for (const node of program.body) {
    const from = node.source as (AstNode & { value?: unknown }) | undefined | null;
    if ((node.type !== 'ImportDeclaration' && node.type !== 'ExportAllDeclaration' && node.type !== 'ExportNamedDeclaration') || typeof from?.value !== 'string') continue;
    const kind = kindOf(from.value);
    if (kind === undefined) continue;
    const map = combinedMap(context);
    const source = map.payload.sourcesContent?.[0];
    const loc = { file: relative(root, id), ...sourcePlace(map, code, node.start) };
    throw errors.assetImport(loc, from.value, kind, source === undefined ? undefined : codeFrame(source, loc.line, loc.column));
  }
}
