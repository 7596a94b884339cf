/**
 * `apiRoutes()`: one plugin object for both build tools. In a Rollup config (and in `prerender build`
 * and `prerender dev`) its Rollup hooks turn `input: 'api-prerender:entry'` into a server for every
 * route file. Vite runs its Vite hooks (serving the routes under the prefix in `vite dev` and `vite
 * preview`, prerendering after `vite build`), and in each of its environments the plugin that
 * `applyToEnvironment` gives in place of the Rollup hooks: Vite's client bundle is not the server,
 * which our own build makes.
 */
import type { Plugin } from 'rollup';
import { checkOptions, is } from '../api-options.ts';
import { errors } from '../errors.ts';
import { apiRoutes as rollupApiRoutes, apiRoutesChecks, type ApiRoutesOptions as RollupApiRoutesOptions } from '../bundle/plugin.ts';
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
  checkOptions('apiRoutes()', options, { ...apiRoutesChecks, configFile: is.fileOrFalse }, "apiRoutes({ apiPrefix: 'api' })");
  const { configFile, ...rollupOptions } = options;
  const vite = createViteHooks({ apiPrefix: options.apiPrefix, routesDir: options.routesDir, configFile });
  return { ...rollupApiRoutes(rollupOptions), ...vite };
}

/**
 * `plugins: [apiRoutes]`, the function where its plugin goes: TypeScript takes it (a function has a
 * `name`, all a plugin needs), and Vite and Rollup run it as a plugin without hooks, then fail in
 * their own words (`Cannot assign to read only property 'name'`). The first hook each calls of a
 * plugin, Vite's `config` and Rollup's `options`, says what to write instead.
 */
function notCalled(): never {
  throw errors.usage(
    'apiRoutes was given as a plugin without being called: write plugins: [apiRoutes()], with the parentheses.',
    'apiRoutes() makes the plugin; its options (apiPrefix, routesDir, configFile) go in the parentheses.',
  );
}
Object.assign(apiRoutes, { config: notCalled, options: notCalled });
