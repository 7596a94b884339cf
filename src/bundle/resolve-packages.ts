/**
 * @rollup/plugin-node-resolve, as every bundle of ours resolves packages (the server bundle, a
 * TypeScript config), made to see a package installed after a build that failed.
 *
 * The plugin keeps its file-system lookups (which folders and files exist, package.json contents) in
 * caches of its module, shared by every instance in the process, and empties them in its
 * `generateBundle` hook only (16.0.3). A build that fails (an import of a package not installed yet)
 * never gets there: the next build in the same process, `prerender dev`'s after `npm install` or a
 * kept toolchain process's, still finds no such package. The plugin has no option or export to empty
 * them; its own hook is how it does, so it is called once a build has failed.
 */
import nodeResolve, { type RollupNodeResolveOptions } from '@rollup/plugin-node-resolve';
import type { Plugin } from 'rollup';

/** nodeResolve(options), emptying its lookups once a build fails as it does after one that succeeds. */
export function resolvePackages(options: RollupNodeResolveOptions): Plugin {
  const plugin = nodeResolve(options);
  const forget = plugin.generateBundle;
  const handler = typeof forget === 'function' ? forget : forget?.handler;
  return {
    ...plugin,
    buildEnd(error) {
      // Its generateBundle reads none of its arguments: it only empties the caches.
      if (error && handler) (handler as () => void).call(this as never);
    },
  };
}
