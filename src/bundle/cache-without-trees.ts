/**
 * Rollup 4's `bundle.cache` holds each module's syntax tree as JSON, which it makes then by parsing
 * every module again (its own trees are binary, and the JSON one is made only when asked for); the
 * cache a build keeps leaves the trees out (cache/rollup-cache.ts), as Rollup parses a module faster
 * than it could read one back. Once the bundle is written, this plugin says that no tree is available
 * (`ast: null`, as ModuleInfo gives for a module without one), so that the cache is made without
 * that parse: a one-file site's toolchain process peaked at 121-122 MB instead of 130-131, and took
 * 3% less CPU (bench/RESULTS.md). Rollup has no option for it; Rollup 5 keeps its binary trees in the
 * cache (rollup/rollup#6257). A module whose `ast` Rollup does not let be set keeps its own.
 */
import type { Plugin } from 'rollup';

export function cacheWithoutTrees(): Plugin {
  return {
    name: 'api-prerender:cache-without-trees',
    writeBundle() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info && Object.getOwnPropertyDescriptor(info, 'ast')?.configurable) Object.defineProperty(info, 'ast', { value: null });
      }
    },
  };
}
