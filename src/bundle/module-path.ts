/**
 * `import.meta.dirname` and `import.meta.filename` in a site's module: Node's, and right beside the
 * source, but a route runs from the bundle, where they name the built server's folder and file, so a
 * file read by them is looked for there (an ENOENT with a path outside the site, or in dev's
 * temporary folder). Warned at bundle time, at the place in the source, with the form the build
 * copies beside the server: `new URL('./x', import.meta.url)` (asset-urls.ts).
 */
import type { TransformPluginContext } from 'rollup';
import { warnings, type Warning } from '../warnings.ts';
import { isSiteSource } from './site-source.ts';
import { combinedMap, sourcePlace } from './source-place.ts';
import { walkAst, type AstNode } from './walk-ast.ts';

/**
 * The warnings for each `import.meta.dirname` or `import.meta.filename` in the site module `id` (`file`
 * from the site root), and for each `import.meta.env`: Vite's, which its client code has, and a route
 * does not (a TypeError when it reads `import.meta.env.VITE_X`).
 */
export function modulePathWarnings(context: TransformPluginContext, code: string, id: string, file: string): Warning[] {
  if (!isSiteSource(id) || !/import\.meta\.(dirname|filename|env)/.test(code)) return [];
  const found: Warning[] = [];
  let map: ReturnType<typeof combinedMap> | undefined;
  walkAst(context.parse(code), (node) => {
    const name = metaName(node);
    if (name !== 'dirname' && name !== 'filename' && name !== 'env') return;
    const at = sourcePlace((map ??= combinedMap(context)), code, node.start);
    const place = `${file}:${at.line}:${at.column}`;
    found.push(name === 'env' ? warnings.importMetaEnv(place) : warnings.modulePath(place, name));
  });
  return found;
}

/** The property of `import.meta` that `node` reads (`import.meta.dirname` -> `dirname`), or `undefined`. */
function metaName(node: AstNode): string | undefined {
  const meta = node.object as AstNode | undefined;
  const property = node.property as (AstNode & { name?: string }) | undefined;
  return node.type === 'MemberExpression' && !node.computed && meta?.type === 'MetaProperty' && property?.type === 'Identifier' ? property.name : undefined;
}
