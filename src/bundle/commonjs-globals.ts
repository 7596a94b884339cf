/**
 * `__dirname` and `__filename` for the CommonJS modules in the bundle. Node gives a CommonJS module
 * these through its module wrapper; @rollup/plugin-commonjs turns such a module (a package's, most
 * often) into an ES module and has no option to give them (rollup/plugins#523 left it to a plugin of
 * its own, @rollup/plugin-esm-shim), so in the ES module bundle they are undefined: a ReferenceError
 * the first time the package uses one. Each CommonJS module that names one imports both from a
 * virtual module, as @rollup/plugin-esm-shim and tsdown's shims do: the bundle's own file and folder
 * (`server/index.mjs`, `server/`), the only place the code is once the bundle is copied elsewhere.
 */
import type { TransformPluginContext, TransformResult } from 'rollup';

/** The virtual module's id: `\0` keeps other plugins from reading it as a file. */
export const commonJsGlobalsId = '\0api-prerender:commonjs-globals';

/** The virtual module: the bundle's own file and folder, as Node would give a module there. */
export const commonJsGlobalsSource = [
  "import { dirname } from 'node:path';",
  "import { fileURLToPath } from 'node:url';",
  'export const __filename = fileURLToPath(import.meta.url);',
  'export const __dirname = dirname(__filename);',
  '',
].join('\n');

const names = ['__dirname', '__filename'] as const;

/**
 * Gives the CommonJS module `id` (as @rollup/plugin-commonjs made it: its transform ran before) the
 * `__dirname` and `__filename` it names, unless it declares them itself. The import goes on the first
 * line, so no line moves and the source map holds.
 */
export function addCommonJsGlobals(context: TransformPluginContext, code: string, id: string): TransformResult {
  const meta = context.getModuleInfo(id)?.meta as { commonjs?: { isCommonJS?: unknown } } | undefined;
  if (!meta?.commonjs?.isCommonJS) return null;
  const named = names.filter((name) => code.includes(name));
  if (named.length === 0) return null;
  const declared = topLevelNames(context.parse(code) as unknown as Node);
  const missing = named.filter((name) => !declared.has(name));
  if (missing.length === 0) return null;
  return { code: `import { ${missing.join(', ')} } from ${JSON.stringify(commonJsGlobalsId)}; ${code}`, map: null };
}

type Node = { type: string; [key: string]: unknown };

/** The names a module declares at its top level (var, let, const, function, class, import). */
function topLevelNames(program: Node): Set<string> {
  const found = new Set<string>();
  const add = (node: unknown) => {
    const id = node as Node | null | undefined;
    if (id?.type === 'Identifier') found.add(id.name as string);
  };
  for (const statement of program.body as Node[]) {
    const node = statement.type === 'ExportNamedDeclaration' && statement.declaration ? (statement.declaration as Node) : statement;
    if (node.type === 'VariableDeclaration') for (const declarator of node.declarations as Node[]) add(declarator.id);
    if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') add(node.id);
    if (node.type === 'ImportDeclaration') for (const specifier of node.specifiers as Node[]) add(specifier.local);
  }
  return found;
}
