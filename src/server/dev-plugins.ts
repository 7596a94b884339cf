/**
 * Two adjustments that make the build's Rollup setup fast enough to rebuild on every save, without
 * changing what a route file compiles to.
 */
import { pathToFileURL } from 'node:url';
import type { Plugin, PluginContext } from 'rollup';
import { runtimeId } from '../bundle/entry.ts';
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
 * Runs `plugin` as if every watch rebuild were a one-off build. @rollup/plugin-typescript in watch
 * mode waits for TypeScript's own watcher, which acts 250 ms after a save, and reports syntax errors
 * from a timer outside any build, where they cannot fail it. As a one-off build it compiles the
 * changed files at once, and a syntax error fails the rebuild like any other error.
 */
export function asOneOffBuild(plugin: Plugin): Plugin {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(plugin)) {
    // Its watchChange hook would make the next build wait for a watcher that never reports.
    if (key === 'watchChange') continue;
    if (typeof value === 'function') wrapped[key] = oneOff(value);
    else if (value && typeof value === 'object' && typeof value.handler === 'function') wrapped[key] = { ...value, handler: oneOff(value.handler) };
    else wrapped[key] = value;
  }
  return wrapped as unknown as Plugin;
}

function oneOff(hook: (...args: unknown[]) => unknown) {
  return function (this: PluginContext, ...args: unknown[]) {
    const context = Object.create(this, { meta: { value: { ...this.meta, watchMode: false } } }) as PluginContext;
    return hook.apply(context, args);
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
