/** What the dev server adds to the build's Rollup setup, for rebuilds fast enough for every save. */
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstNode, Plugin, TransformPluginContext } from 'rollup';
import { codeFrame } from '../bundle/code-frame.ts';
import { exportedNames, nameOf } from '../bundle/module-exports.ts';
import { combinedMap, sourcePlace } from '../bundle/source-place.ts';
import { closestName } from '../closest-name.ts';
import { errors } from '../errors.ts';
import { runtimeEntry } from '../paths.ts';
import { runtimeId } from '../bundle/entry.ts';

const isH3 = (source: string) => source === 'h3' || source.startsWith('h3/');

/**
 * Leaves h3 and the runtime out of the dev build: h3 is imported from where the runtime imports it,
 * and the runtime (which a copied folder's module imports) from where the build's thread loads it,
 * before its build is ready. Bundling them again costs most of a rebuild, and the route files still
 * share the runtime's one copy of h3, and the runtime's records, as in the build. Rollup does not check the
 * names imported from a module it leaves out: this plugin does, so that a route file importing what
 * h3 v2 lacks (an h3 v1 helper) is named with its line, as `prerender build` names it. Put it before
 * the apiRoutes plugin.
 */
export function externalRuntime(root: string): Plugin {
  // Resolved once per name: node-resolve looks through the folders and manifests on every call,
  // a tenth of a one-file rebuild.
  const known = new Map<string, { id: string; external: true } | null>();
  const exports = new Map<string, Promise<Set<string> | undefined>>();
  return {
    name: 'api-prerender:dev-external-runtime',
    async resolveId(source) {
      if (source === runtimeId) return { id: pathToFileURL(runtimeEntry).href, external: true };
      if (!isH3(source)) return null;
      if (known.has(source)) return known.get(source)!;
      const resolved = await this.resolve(source, runtimeEntry, { skipSelf: true });
      // File URLs, not paths: an absolute path is not an import specifier on every platform.
      const external = resolved && !resolved.external ? { id: pathToFileURL(resolved.id).href, external: true as const } : null;
      if (external) known.set(source, external);
      return external;
    },
    transform: {
      // After the TypeScript is compiled: what is checked is what Rollup parses.
      order: 'post',
      async handler(code, id) {
        if (!code.includes('h3')) return null;
        const ast = this.parse(code);
        for (const node of ast.body) {
          if ((node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration') || !node.source || !isH3(String(node.source.value))) continue;
          const resolved = await this.resolve(String(node.source.value), id);
          if (!resolved?.external || !resolved.id.startsWith('file:')) continue;
          const file = fileURLToPath(resolved.id);
          if (!exports.has(file)) exports.set(file, exportedNames(this, file));
          const names = await exports.get(file);
          for (const specifier of node.specifiers) {
            const imported = specifier.type === 'ImportSpecifier' ? nameOf(specifier.imported) : specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ExportSpecifier' ? nameOf(specifier.local) : undefined;
            if (names && imported !== undefined && !names.has(imported)) throw missingExport(this, { root, id, code }, imported, file, (specifier as unknown as AstNode).start, closestName(imported, names));
          }
        }
        // Rollup takes the parsed code as it is, rather than parsing it again.
        return { code, ast, map: null };
      },
    },
  };
}

/**
 * The build's error for `binding`, imported at `pos` of the compiled `code` of `id` from `file`, which
 * does not export it; placed in the source, through the source maps of the compile.
 */
function missingExport(context: TransformPluginContext, { root, id, code }: { root: string; id: string; code: string }, binding: string, file: string, pos: number, meant: string | undefined): Error {
  const map = combinedMap(context);
  const source = map.payload.sourcesContent?.[0];
  const loc = { file: relative(root, id), ...sourcePlace(map, code, pos) };
  return errors.missingExport(relative(root, id), binding, relative(root, file), 'h3', loc, source ? codeFrame(source, loc.line, loc.column) : undefined, meant);
}
