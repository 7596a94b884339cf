/**
 * What the dev server knows of the modules its builds went through: Rollup's cache of each (so a
 * module that did not change is not parsed or transformed again, whichever build meets it next), what
 * each imports, and which files each one's transform read. From these, which route files a save makes
 * out of date: the files saved, and every route file that imports a saved module, directly or not.
 */
import type { ModuleJSON, RollupCache } from 'rollup';
import { isInside } from '../runtime/inside.ts';

/** The modules of every build so far, by id. */
export interface ModuleGraph {
  /** The cache to give the next build: every module any build has been through, latest first. */
  cache(): RollupCache;
  /** Takes in what a build went through (its `cache`). */
  update(cache: RollupCache): void;
  /**
   * A file changed: the ids of the modules whose transform read it (an asset `new URL()` names),
   * which are transformed again (Rollup compares a module's own code only) and count as changed.
   */
  readers(path: string): string[];
  /** Whether a build went through the module `id`. */
  has(id: string): boolean;
  /** Of `routes` (absolute paths), those whose modules import any of `changed` (ids), directly or not, or are one. */
  routesImporting(changed: Iterable<string>, routes: ReadonlySet<string>): Set<string>;
}

/** An empty graph. */
export function createModuleGraph(): ModuleGraph {
  const modules = new Map<string, ModuleJSON>();
  const imports = new Map<string, string[]>();
  let plugins: RollupCache['plugins'];
  return {
    cache: () => ({ modules: [...modules.values()], plugins }),
    update(cache) {
      plugins = cache.plugins;
      for (const module of cache.modules) {
        modules.set(module.id, module);
        imports.set(module.id, importedIds(module));
      }
    },
    readers(path) {
      const found = [...modules.values()].filter((module) => module.transformDependencies.some((file) => isInside(path, file))).map((module) => module.id);
      for (const id of found) modules.delete(id);
      return found;
    },
    has: (id) => imports.has(id),
    routesImporting(changed, routes) {
      const importers = new Map<string, string[]>();
      for (const [id, imported] of imports) {
        for (const dependency of imported) importers.get(dependency)?.push(id) ?? importers.set(dependency, [id]);
      }
      const seen = new Set<string>();
      const visit = (id: string): void => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const importer of importers.get(id) ?? []) visit(importer);
      };
      for (const id of changed) visit(id);
      return new Set([...seen].filter((id) => routes.has(id)));
    },
  };
}

/** The modules `module` imports, statically or not, that are bundled (not external). */
function importedIds(module: ModuleJSON): string[] {
  return Object.values(module.resolvedIds)
    .filter((resolved) => !resolved.external)
    .map((resolved) => resolved.id);
}
