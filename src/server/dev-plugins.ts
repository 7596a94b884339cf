/**
 * What the dev server adds to the build's Rollup setup: rebuilds fast enough for every save, and a
 * broken first build that is still retried.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InputOptions, Plugin } from 'rollup';
import { generateEntry, resolvedEntryId, runtimeId } from '../bundle/entry.ts';
import { runtimeEntry } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { RoutesInUse } from './routes-in-use.ts';

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
 * Gives the dev build an entry without the routes' `entries` exports (see EntryOptions), importing
 * only the route files in use (routes-in-use.ts): the build's own entry otherwise, for the same
 * `routes()`, which the apiRoutes plugin scanned. A change of `marker` (written when a request needs
 * a route file the build left out) rebuilds it; the first save of any file narrows the builds to
 * the files in use, the saved one with them. `onEntry` is told what each build loads. Put it before
 * the apiRoutes plugin.
 */
export function servingEntry(options: {
  routes: () => RouteDefinition[];
  inUse: RoutesInUse;
  marker: string;
  onEntry: (loaded: ReadonlySet<string> | undefined) => void;
}): Plugin {
  const { routes, inUse, marker, onEntry } = options;
  return {
    name: 'api-prerender:dev-entry',
    load(id) {
      if (id !== resolvedEntryId) return null;
      this.addWatchFile(marker);
      // A copy: what this build loads, while requests go on marking files in use.
      const now = inUse.loaded();
      const loaded = now && new Set(now);
      onEntry(loaded);
      return generateEntry(routes(), { entries: false, loaded });
    },
    watchChange(id) {
      if (id !== marker) inUse.saved(id);
    },
  };
}

/**
 * Watches `files()` from the start of every build, before any other plugin can fail it: Rollup keeps
 * watching only what a build reached, and a build that fails at once reaches nothing, so without
 * this a broken first build would never be retried.
 */
export function watchFirst(files: () => Iterable<string>): Plugin {
  return {
    name: 'api-prerender:dev-watch',
    buildStart() {
      for (const file of files()) this.addWatchFile(file);
    },
  };
}

/**
 * Gives every rebuild the sources the one before read, except those the watcher saw change: Rollup
 * otherwise reads every module again to compare it with its cache, a thousand reads for a thousand
 * route files when one was saved. `sources` is the watcher's own: a new map per watcher, as a change
 * seen by another watcher (the dev server's own, which restarts Rollup) must not meet a kept source;
 * the dev bundler drops from it what it sees change and what a build no longer reads. Put it first.
 */
export function reuseSources(sources: Map<string, string>): Plugin {
  return {
    name: 'api-prerender:dev-sources',
    async load(id) {
      if (!isAbsolute(id)) return null;
      let code = sources.get(id);
      if (code === undefined) {
        // Rollup reads it then, and names the file and its importer if that fails.
        code = await readFile(id, 'utf8').catch(() => undefined);
        if (code === undefined) return null;
        sources.set(id, code);
      }
      // Rollup watches what it reads itself; what a plugin loads, the plugin must ask it to watch.
      this.addWatchFile(id);
      return code;
    },
    watchChange(id) {
      sources.delete(id);
    },
  };
}

/**
 * What a dev build leaves out: tree-shaking. Its passes go over every module on every rebuild, a
 * sixth of the time a thousand route files take, to make a bundle that is loaded once and thrown
 * away; without them every statement of every module runs, as Node itself would run it.
 */
export const devBuildOptions = { treeshake: false } satisfies InputOptions;
