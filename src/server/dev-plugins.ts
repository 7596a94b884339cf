/** What the dev server adds to the build's Rollup setup, for rebuilds fast enough for every save. */
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'rollup';
import { generateDevEntry, resolvedEntryId, runtimeId } from '../bundle/entry.ts';
import { runtimeEntry } from '../paths.ts';

/**
 * Leaves the runtime and h3 out of the dev bundle: they are imported from this package, where the
 * dev server's process loads them once. Re-bundling and tree-shaking them costs most of a rebuild,
 * and the route files still share the runtime's one copy of h3, as in the build. Put it before the
 * apiRoutes plugin.
 */
export function externalRuntime(): Plugin {
  const runtimeUrl = pathToFileURL(runtimeEntry).href;
  return {
    name: 'api-prerender:dev-external-runtime',
    async resolveId(source) {
      if (source === runtimeId) return { id: runtimeUrl, external: true };
      if (source !== 'h3' && !source.startsWith('h3/')) return null;
      const resolved = await this.resolve(source, runtimeEntry, { skipSelf: true });
      // File URLs, not paths: an absolute path is not an import specifier on every platform.
      return resolved && !resolved.external ? { id: pathToFileURL(resolved.id).href, external: true } : null;
    },
  };
}

/**
 * Gives the dev build its entry: the handlers of the route files `files()` names (relative to
 * routesDir; see generateDevEntry). Put it before the apiRoutes plugin, whose entry it replaces.
 */
export function devEntry(files: () => readonly string[]): Plugin {
  return {
    name: 'api-prerender:dev-entry',
    load: (id) => (id === resolvedEntryId ? generateDevEntry(files()) : null),
  };
}
