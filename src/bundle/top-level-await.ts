/** Where a module waits at its top level: what the build names when loading the bundle does not end. */

type Node = { type?: string; await?: boolean; [key: string]: unknown };

/**
 * Whether the module of `ast` (Rollup's parse of its code) awaits outside any function: an `await`
 * or `for await` in its top-level code, blocks and control flow included, not inside a function or
 * a class's methods, where it waits for a call instead.
 * @example hasTopLevelAwait(parse('await ready();')) // true
 * @example hasTopLevelAwait(parse('export default async () => await ready();')) // false
 */
export function hasTopLevelAwait(ast: unknown): boolean {
  const pending: unknown[] = [ast];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const { type } = node as Node;
    if (type === 'AwaitExpression' || (type === 'ForOfStatement' && (node as Node).await)) return true;
    if (type === 'FunctionDeclaration' || type === 'FunctionExpression' || type === 'ArrowFunctionExpression') continue;
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && value !== null && typeof value === 'object') pending.push(value);
  }
  return false;
}
