/** Walking an AST as Rollup's parser gives it (ESTree nodes with `start` and `end`). */

/** A node: its `type`, its children under any other key. */
export type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Calls `visit` on every node under `root` (itself included), parents before children; where
 * `visit` returns false, the node's children are not visited (a function's body, say).
 */
export function walkAst(root: unknown, visit: (node: AstNode) => boolean | void): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push(value[i]);
      continue;
    }
    if (!value || typeof value !== 'object' || typeof (value as AstNode).type !== 'string') continue;
    const node = value as AstNode;
    if (visit(node) === false) continue;
    const children = Object.keys(node).filter((key) => key !== 'type');
    for (let i = children.length - 1; i >= 0; i--) pending.push(node[children[i]!]);
  }
}
