/** Where a module waits at its top level: what the build names when loading the bundle does not end. */
import { walkAst } from './walk-ast.ts';

const functions = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Whether the module of `ast` (Rollup's parse of its code) awaits outside any function: an `await`
 * or `for await` in its top-level code, blocks and control flow included, not inside a function or
 * a class's methods, where it waits for a call instead.
 * @example hasTopLevelAwait(parse('await ready();')) // true
 * @example hasTopLevelAwait(parse('export default async () => await ready();')) // false
 */
export function hasTopLevelAwait(ast: unknown): boolean {
  let found = false;
  walkAst(ast, (node) => {
    if (found || functions.has(node.type)) return false;
    found = node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await === true);
  });
  return found;
}
