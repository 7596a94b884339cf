/** The names an ES module file exports, read from its code as Rollup parses it, without running it. */
import { readFile } from 'node:fs/promises';
import type { AstNode, PluginContext } from 'rollup';

type Node = AstNode & { type: string; [key: string]: unknown };
type Name = { type: string; name?: string; value?: unknown };

/**
 * The names `file` exports, following `export * from` through `context.resolve()`; `undefined` when
 * they cannot all be known (a file that cannot be read or parsed, a star export of a module outside
 * the build, a destructured export).
 */
export async function exportedNames(context: PluginContext, file: string, seen = new Set<string>()): Promise<Set<string> | undefined> {
  if (seen.has(file)) return new Set();
  seen.add(file);
  let body: Node[];
  try {
    body = context.parse(await readFile(file, 'utf8')).body as unknown as Node[];
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  for (const node of body) {
    if (node.type === 'ExportDefaultDeclaration') names.add('default');
    else if (node.type === 'ExportNamedDeclaration') {
      for (const specifier of node.specifiers as { exported: Name }[]) names.add(nameOf(specifier.exported));
      const declared = declaredNames(node.declaration as Node | null);
      if (!declared) return undefined;
      for (const name of declared) names.add(name);
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) {
        names.add(nameOf(node.exported as Name));
        continue;
      }
      const resolved = await context.resolve(String((node.source as Name).value), file, { skipSelf: true });
      const starred = resolved && !resolved.external ? await exportedNames(context, resolved.id, seen) : undefined;
      if (!starred) return undefined;
      // `export *` passes on every name but the default.
      for (const name of starred) if (name !== 'default') names.add(name);
    }
  }
  return names;
}

/** An identifier's name, or a string literal's value (`export { x as "a-b" }`). */
export function nameOf(node: Name): string {
  return node.type === 'Identifier' ? String(node.name) : String(node.value);
}

/** The names `export <declaration>` declares; `undefined` for a destructuring pattern. */
function declaredNames(declaration: Node | null): string[] | undefined {
  if (!declaration) return [];
  if (declaration.type !== 'VariableDeclaration') return [nameOf(declaration.id as Name)];
  const ids = (declaration.declarations as { id: Name }[]).map((declarator) => declarator.id);
  return ids.every((id) => id.type === 'Identifier') ? ids.map(nameOf) : undefined;
}
