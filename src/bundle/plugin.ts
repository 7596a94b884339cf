import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin, RollupLog } from 'rollup';
import { closestName } from '../closest-name.ts';
import { errors, type PrerenderError } from '../errors.ts';
import type { Warning } from '../warnings.ts';
import { configChecks } from '../config/config-checks.ts';
import { resolveApiPrefix } from '../config/resolve.ts';
import { runtimeEntry } from '../paths.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { scanRoutes } from '../routes/scan.ts';
import { refuseAssetImports } from './asset-imports.ts';
import { assetFolderPrefix, keepSourceTimes, loadAssetFolder, rewriteAssetUrls, watchAssetFolder } from './asset-urls.ts';
import { routeParamWarnings } from './route-params.ts';
import { modulePathWarnings } from './module-path.ts';
import { addCommonJsGlobals, commonJsGlobalsId, commonJsGlobalsSource } from './commonjs-globals.ts';
import { checkH3, isFindingH3 } from './h3-version.ts';
import { entryId, generateEntry, mayExport, resolvedEntryId as resolvedEntry, runtimeId } from './entry.ts';
import { checkOptions, is } from '../api-options.ts';

/** Options of the {@link apiRoutes} plugin. */
export interface ApiRoutesOptions {
  /** Folder of route files. @default 'src/server/routes' (from the working directory) */
  routesDir?: string;
  /** URL segments the `api` folder is served under. @default 'api' */
  apiPrefix?: string;
  /** The site root: a route file linked from outside it is warned about. @default process.cwd() */
  root?: string;
  /**
   * The route table, scanned from routesDir by the caller (`prerender build` scans before it bundles),
   * or a function giving it to each build (`prerender dev` scans again only when a file was added or
   * removed). Without it every build scans routesDir, as a watch rebuild must.
   */
  routes?: RouteDefinition[] | (() => RouteDefinition[]);
  /** Called with the route table on every (re)build, for the build report and the dev server. */
  onRoutes?: (routes: RouteDefinition[]) => void;
}

/** What each of {@link ApiRoutesOptions} takes, checked when the plugin is made (api-options.ts). */
export const apiRoutesChecks = {
  routesDir: is.string,
  apiPrefix: is.string,
  root: is.string,
  routes: is.routes,
  onRoutes: is.function,
} satisfies Record<keyof ApiRoutesOptions, unknown>;

/** What the plugin keeps in a module's `meta` (under its name): the warnings its transform found (route-params.ts, module-path.ts). */
type OwnMeta = Record<string, { warnings?: Warning[] } | undefined>;

/** The plugin's name in Rollup's and Vite's lists (Vite's hooks tell a second copy by it). */
export const pluginName = 'api-prerender:routes';

/**
 * The Rollup (and Vite build) plugin: use `input: 'api-prerender:entry'` and the build is a server for
 * every route file. `prerender build` and `prerender dev` run this same plugin.
 * @example rollup({ input: 'api-prerender:entry', plugins: [apiRoutes({ apiPrefix: 'services' }), ...] })
 */
export function apiRoutes(options: ApiRoutesOptions = {}): Plugin {
  checkOptions('apiRoutes()', options, apiRoutesChecks, "apiRoutes({ apiPrefix: 'api' })");
  const routesDir = resolve(options.routesDir ?? 'src/server/routes');
  const apiPrefix = resolveApiPrefix(options.apiPrefix, configChecks(() => 'the options of apiRoutes()'));
  let routes: RouteDefinition[] = [];
  /** Each route file (absolute path) -> its route. */
  let routeFiles = new Map<string, RouteDefinition>();
  /** This build's input is the entry, which imports every route file's default export. */
  let entryLoaded = false;
  /** The route files without a default export, each named in the one error that fails the build. */
  let withoutDefault: PrerenderError[] = [];
  let parsedRouteFiles = 0;

  return {
    name: pluginName,
    // In a user's own rollup.config.mjs this plugin alone must give a working server: what our build
    // adds beside it (TypeScript, npm packages, CommonJS, JSON) is added here when it is missing.
    // Loaded here, not at import: the CLI and the dev server import this module without bundling.
    options: async (input) => (await import('./companions.ts')).withCompanions(input, process.cwd()),
    async buildStart() {
      await checkH3(this, options.root ?? process.cwd());
      routes = typeof options.routes === 'function' ? options.routes() : (options.routes ?? (await scanRoutes(routesDir, apiPrefix, { root: options.root, onWarning: (warning) => this.warn(warning.message) })));
      options.onRoutes?.(routes);
      routeFiles = new Map(routes.map((route) => [resolve(routesDir, route.file), route]));
      entryLoaded = false;
      withoutDefault = [];
      parsedRouteFiles = 0;
      this.addWatchFile(routesDir);
    },
    async resolveId(source, importer, { custom }) {
      if (source === entryId) return resolvedEntry;
      if (source === commonJsGlobalsId || source.startsWith(assetFolderPrefix)) return source;
      if (source === runtimeId) return runtimeEntry;
      if (importer === resolvedEntry) return resolve(routesDir, source);
      // Route files and the runtime share the runtime's h3, so the bundle holds exactly one copy: its
      // Node build, whatever export conditions a site's own node-resolve is set up with (h3's generic
      // build would give a server that listens nowhere).
      if (source === 'h3') return isFindingH3(custom) ? null : this.resolve('h3/node', runtimeEntry, { skipSelf: true });
      if (source.startsWith('h3/')) return this.resolve(source, runtimeEntry, { skipSelf: true });
      return null;
    },
    // A name imported that its module does not export: the name it may have meant, from the names it
    // does export, which only the build knows; toBuildError() words the error with it.
    buildEnd(error) {
      const log = error as (Error & RollupLog & { meant?: string }) | undefined;
      if (log?.code !== 'MISSING_EXPORT' || !log.exporter || !log.binding) return;
      log.meant = closestName(log.binding, this.getModuleInfo(log.exporter)?.exports ?? []);
    },
    // The entry reads every route file's `entries` and `cacheKey`, which most files do not export: not worth a warning.
    onLog(_level, log) {
      return !(log.code === 'MISSING_EXPORT' && log.id === resolvedEntry && (log.binding === 'entries' || log.binding === 'cacheKey'));
    },
    // A route file the entry imports without a default export, named with what it exports instead
    // (`export const GET`, `export const handler`), with every other such file, once the last route
    // file is parsed: before the entry's imports are bound, where the first would fail on a missing
    // binding. A CommonJS one is imported through the commonjs plugin's wrapper, which gives it its
    // default export. (`prerender dev` bundles each route file as an entry of its own, and names the
    // one without a handler as it serves it: the others are served meanwhile.)
    moduleParsed(info) {
      for (const warning of (info.meta as OwnMeta)[pluginName]?.warnings ?? []) this.warn({ code: warning.code, message: warning.message, meta: { warning } });
      if (!entryLoaded || !routeFiles.has(info.id)) return;
      parsedRouteFiles++;
      const commonJs = (info.meta as { commonjs?: { isCommonJS?: unknown } }).commonjs?.isCommonJS;
      if (info.exports != null && !info.exports.includes('default') && !commonJs) {
        withoutDefault.push(errors.noHandler(relative(options.root ?? process.cwd(), info.id), 'has no default export', [], info.exports));
      }
      if (parsedRouteFiles === routeFiles.size && withoutDefault.length > 0) this.error(errors.noHandlers(withoutDefault));
    },
    load(id) {
      if (id === commonJsGlobalsId) return commonJsGlobalsSource;
      if (id !== resolvedEntry) return loadAssetFolder(this, id, options.root ?? process.cwd());
      entryLoaded = true;
      // A route file that cannot be read is left to Rollup, which names it as it loads it.
      return generateEntry(routes, (file) => {
        try {
          return mayExport(readFileSync(resolve(routesDir, file), 'utf8'));
        } catch {
          return { entries: true, cacheKey: true };
        }
      });
    },
    async writeBundle(output, bundle) {
      const dir = output.dir ?? (output.file && dirname(output.file));
      if (dir) await keepSourceTimes(dir, bundle);
    },
    // After every other transform (TypeScript's, CommonJS's), so it reads ES modules and its output is kept.
    transform: {
      order: 'post',
      handler(code, id) {
        const root = options.root ?? process.cwd();
        watchAssetFolder(this, id);
        refuseAssetImports(this, code, id, root);
        const route = routeFiles.get(id);
        const found = [...modulePathWarnings(this, code, id, relative(root, id)), ...(route ? routeParamWarnings(this, code, relative(root, id), route.path) : [])];
        const result = rewriteAssetUrls(this, code, id, root) ?? addCommonJsGlobals(this, code, id);
        // Kept with the module in Rollup's cache, and warned of by moduleParsed, which runs for a cached module too.
        return found.length === 0 ? result : { ...(result as object | null), meta: { [pluginName]: { warnings: found } satisfies OwnMeta[string] } };
      },
    },
  };
}
