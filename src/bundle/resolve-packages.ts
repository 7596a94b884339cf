/**
 * @rollup/plugin-node-resolve, as every bundle of ours resolves packages (the server bundle, a
 * TypeScript config), made to see a package installed after a build that failed.
 *
 * The plugin keeps its file-system lookups (which folders and files exist, package.json contents) in
 * caches of its module, shared by every instance in the process, and empties them in its
 * `generateBundle` hook only (16.0.3). A build that fails (an import of a package not installed yet)
 * never gets there, and the lookups still in flight when it failed (its route files' imports of the
 * same package) land in the caches after its end: the next build in the same process, `prerender
 * dev`'s after `npm install` or a kept toolchain process's, still found no such package. The plugin
 * has no option or export to empty them; its own hook is how it does, so it is called as every build
 * starts. A build that succeeded had emptied them already: nothing is lost.
 */
import nodeResolve, { type RollupNodeResolveOptions } from '@rollup/plugin-node-resolve';
import type { Plugin } from 'rollup';

/** nodeResolve(options), starting every build with empty lookups, as one after a build that succeeded does. */
export function resolvePackages(options: RollupNodeResolveOptions): Plugin {
  const plugin = nodeResolve(options);
  const forget = plugin.generateBundle;
  const emptyLookups = typeof forget === 'function' ? forget : forget?.handler;
  const start = plugin.buildStart;
  const startHandler = typeof start === 'function' ? start : start?.handler;
  return {
    ...plugin,
    buildStart(input) {
      // Its generateBundle reads none of its arguments: it only empties the caches.
      (emptyLookups as (() => void) | undefined)?.call(this as never);
      return startHandler?.call(this, input);
    },
  };
}
