/**
 * A route file reading a param its route does not have: `getRouterParam(event, 'slug')` in
 * `[id].ts` reads undefined on every request, which h3 never tells. The route file's own calls with a
 * literal name are checked when it is transformed (where the source maps place them), and kept in
 * the module's `meta`, which Rollup's cache keeps with it; the plugin warns of them from
 * `moduleParsed`, which runs for cached modules too, so every build says it, not the first alone.
 */
import type { TransformPluginContext } from 'rollup';
import { closestName } from '../closest-name.ts';
import { warnings, type Warning } from '../warnings.ts';
import { walkAst, type AstNode } from './walk-ast.ts';
import { combinedMap, sourcePlace } from './source-place.ts';

/** The names of a route pattern's params, as rou3 reads them: `/api/items/:id.json/**:rest` -> `['id', 'rest']`. */
export function paramsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);
}

/**
 * The ROUTE_PARAM warnings for the module `code` of the route file `file` (from the site root),
 * whose route is `path`: one per `getRouterParam(..., 'name')` naming no param of it, at its place
 * in the source.
 */
export function routeParamWarnings(context: TransformPluginContext, code: string, file: string, path: string): Warning[] {
  if (!code.includes('getRouterParam')) return [];
  const params = paramsOf(path);
  const found: Warning[] = [];
  let map: ReturnType<typeof combinedMap> | undefined;
  walkAst(context.parse(code), (node) => {
    const name = readParam(node);
    if (name === undefined || params.includes(name)) return;
    const at = sourcePlace((map ??= combinedMap(context)), code, node.start);
    found.push(warnings.routeParam(`${file}:${at.line}:${at.column}`, name, path, params, closestName(name, params) ?? (params.length === 1 ? params[0] : undefined)));
  });
  return found;
}

/** The param name of a call `getRouterParam(event, 'name')` (or `h3.getRouterParam(...)`) with a literal name; `undefined` for any other node. */
function readParam(node: AstNode): string | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = node.callee as AstNode & { name?: string; property?: { name?: string } };
  const called = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? callee.property?.name : undefined;
  const name = (node.arguments as (AstNode & { value?: unknown })[])[1];
  return called === 'getRouterParam' && name?.type === 'Literal' && typeof name.value === 'string' ? name.value : undefined;
}
