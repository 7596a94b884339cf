/**
 * `apiRoutes()`: one plugin for both build tools. In a Rollup config (and in `prerender build` and
 * `prerender dev`) it turns `input: 'api-prerender:entry'` into a server for every route file; in a
 * Vite config it serves the routes under the prefix in `vite dev` and `vite preview` and builds and
 * prerenders in `vite build`. Inside Vite the Rollup hooks stand aside: Vite's client bundle is not
 * the server, which our own build makes.
 */
import type { Plugin } from 'rollup';
import { apiRoutes as rollupApiRoutes, type ApiRoutesOptions as RollupApiRoutesOptions } from '../bundle/plugin.ts';
import { createViteHooks, type ViteHooks } from './vite-hooks.ts';

/** Options of {@link apiRoutes}. */
export interface ApiRoutesOptions extends RollupApiRoutesOptions {
  /**
   * Vite only: the prerender config file, relative to Vite's root, or `false` for none. Its keys
   * (`prerender.routes`, `outDir`, ...) apply; `apiPrefix` and `routesDir` given here win.
   * @default looks up prerender.config.{ts,mts,js,mjs} in Vite's root
   */
  configFile?: string | false;
}

/** A Rollup plugin that is a Vite plugin too. */
export type ApiRoutesPlugin = Plugin & ViteHooks;

/**
 * The build-tool plugin. In Rollup, use it with `input: 'api-prerender:entry'`; in Vite, add it to
 * `plugins` (routes are found relative to Vite's root there, and the rest of the config comes from
 * `prerender.config.*` beside `vite.config.*`).
 * @example rollup({ input: 'api-prerender:entry', plugins: [apiRoutes({ apiPrefix: 'services' })] })
 * @example export default defineConfig({ plugins: [apiRoutes({ apiPrefix: 'api' })] }) // vite.config.ts
 */
export function apiRoutes(options: ApiRoutesOptions = {}): ApiRoutesPlugin {
  const inner = rollupApiRoutes(options);
  const vite = createViteHooks({ apiPrefix: options.apiPrefix, routesDir: options.routesDir, configFile: options.configFile });
  return { ...standAside(inner, vite.active), ...vite.hooks, name: inner.name } as ApiRoutesPlugin;
}

/** The plugin's hooks, each doing nothing while `inVite()` holds. */
function standAside(plugin: Plugin, inVite: () => boolean): Plugin {
  const guarded: Record<string, unknown> = {};
  for (const [key, hook] of Object.entries(plugin)) {
    if (typeof hook === 'function') {
      guarded[key] = function (this: unknown, ...args: unknown[]) {
        return inVite() ? null : (hook as (...a: unknown[]) => unknown).apply(this, args);
      };
    } else if (hook && typeof hook === 'object' && typeof (hook as { handler?: unknown }).handler === 'function') {
      const { handler } = hook as { handler: (...a: unknown[]) => unknown };
      guarded[key] = { ...hook, handler(this: unknown, ...args: unknown[]) { return inVite() ? null : handler.apply(this, args); } };
    } else {
      guarded[key] = hook;
    }
  }
  return guarded as unknown as Plugin;
}
