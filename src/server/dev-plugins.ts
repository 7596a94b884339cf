/** What the dev server adds to the build's Rollup setup, for rebuilds fast enough for every save. */
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'rollup';
import { runtimeEntry } from '../paths.ts';

/**
 * Leaves h3 out of the dev build: it is imported from where the runtime imports it, which the
 * build's thread loads before its build is ready. Bundling it again costs most of a rebuild, and the
 * route files still share the runtime's one copy of h3, as in the build. Put it before the apiRoutes
 * plugin.
 */
export function externalRuntime(): Plugin {
  // Resolved once per name: node-resolve looks through the folders and manifests on every call,
  // a tenth of a one-file rebuild.
  const known = new Map<string, { id: string; external: true } | null>();
  return {
    name: 'api-prerender:dev-external-runtime',
    async resolveId(source) {
      if (source !== 'h3' && !source.startsWith('h3/')) return null;
      if (known.has(source)) return known.get(source)!;
      const resolved = await this.resolve(source, runtimeEntry, { skipSelf: true });
      // File URLs, not paths: an absolute path is not an import specifier on every platform.
      const external = resolved && !resolved.external ? { id: pathToFileURL(resolved.id).href, external: true as const } : null;
      if (external) known.set(source, external);
      return external;
    },
  };
}
