/**
 * What `apiRoutes()` does inside Vite: `vite dev` and `vite preview` answer the routes under the
 * prefix, `vite build` builds and prerenders after Vite's client build. Typed structurally, so the
 * package's types need no `vite` installed; Vite 7 and 8 both accept them. Each hook imports the code
 * it runs (the build, the servers, h3) when Vite calls it: `apiRoutes()` is exported by the package
 * entry, which a config file imports for `defineConfig` alone.
 */
import { relative, resolve } from 'node:path';
import { inspect } from 'node:util';
import { isInside } from '../runtime/inside.ts';
import { configName } from '../config/key-origin.ts';
import { pluginName } from '../bundle/plugin.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors, PrerenderError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { DevRoutes } from './dev-routes.ts';
import { fromViteLogger, type ViteLogger } from './logger.ts';
import type { NodeMiddleware } from './node-middleware.ts';
import { configOptions, loadSiteConfig, ownsPrefix, requestWithoutBase, type SiteOverrides } from './site-config.ts';

/** The parts of a Vite dev or preview server the plugin uses. */
export interface ViteServerLike {
  config: { root: string; logger: ViteLogger; base?: string };
  middlewares: { use(middleware: NodeMiddleware): unknown };
  httpServer?: { once(event: 'close', listener: () => void): unknown } | null;
}

/** The parts of Vite's dev server the plugin uses on top of {@link ViteServerLike}. */
export interface ViteDevServerLike extends ViteServerLike {
  watcher: { add(path: string): unknown; on(event: 'change', listener: (file: string) => void): unknown };
  restart(): Promise<void>;
}

/** What the plugin is inside Vite's client environment: the hooks that prerender after its build. */
export interface ViteEnvironmentPlugin {
  name: string;
  buildEnd(this: unknown, error?: Error): void;
  closeBundle(this: unknown): Promise<void>;
}

/** The Vite-only hooks of the plugin; Rollup knows none of them. */
export interface ViteHooks {
  config(config: { root?: string; build?: { outDir?: string } }, env: { command: string; isPreview?: boolean }): Promise<{ build: { outDir: string } } | undefined>;
  configResolved(config: { root: string; command: string; base?: string; build: { outDir: string }; logger: ViteLogger; plugins?: readonly { name: string }[] }): Promise<void>;
  configureServer(server: ViteDevServerLike): Promise<void>;
  configurePreviewServer(server: ViteServerLike): Promise<void>;
  /**
   * Vite (7 and 8) runs, in each of its environments, the plugin this returns in place of this one
   * (`false`: none): none of the Rollup hooks run on Vite's bundles, which are not the server our
   * build makes, and ours run once, with the browser's build.
   */
  applyToEnvironment(environment: { config: { consumer?: string } }): ViteEnvironmentPlugin | false;
}

/** The Vite hooks. */
export function createViteHooks(overrides: SiteOverrides): ViteHooks {
  let command = 'serve';
  let root = process.cwd();
  let clientOutDir = '';
  let logger: Logger | undefined;
  let clientFailed = false;
  // Vite's `base` and the site config of the build under way (configResolved's).
  let viteBase = '/';
  let builtSite: Promise<ResolvedConfig> | undefined;
  // By the server's resolved config: a plugin given inline to createServer() is reused when Vite
  // restarts, and Vite starts the new server before it closes the old one.
  const devs = new Map<object, DevRoutes>();
  // The config hook's load, reused by configResolved: a TypeScript config is compiled, a config function may be costly.
  let early: { root: string; site: Promise<ResolvedConfig> } | undefined;
  // configResolved's load, by Vite's resolved config, which is the config of the server it starts.
  const sites = new WeakMap<object, Promise<ResolvedConfig>>();
  const siteOf = (config: { root: string }) => sites.get(config) ?? loadSiteConfig(config.root, overrides);

  const environmentPlugin: ViteEnvironmentPlugin = {
    name: 'api-prerender:vite-build',
    buildEnd(error) {
      if (error) clientFailed = true;
    },
    async closeBundle() {
      if (command !== 'build') return closeDev(devs, this);
      if (clientFailed) return;
      const site = await builtSite;
      for (const said of site ? [sitePathMismatch(viteBase, site), publicDirUnread(site)] : []) if (said) logger!.warn(said);
      const options = configOptions(root, overrides);
      const { build } = await import('../pipeline/build.ts');
      // Vite's client build (with Vite's copy of public/) is what our build copies into public/.
      const { interruptibleBuild } = await import('./interrupt-build.ts');
      await interruptibleBuild(logger!, (signal) => build({ ...options, config: { ...options.config, publicDir: clientOutDir }, logger, signal })).catch((error: unknown) => {
        throw forVite(error);
      });
    },
  };

  return {
    async config(user, env) {
      if (env.command !== 'build' && !env.isPreview) return undefined;
      if (user.build?.outDir !== undefined) return undefined;
      // Vite's client build goes beside our output (as Analog's dist/client), then into public/.
      const siteRoot = resolve(user.root ?? process.cwd());
      early = { root: siteRoot, site: loadSiteConfig(siteRoot, overrides) };
      const site = await early.site.catch(throwForVite);
      const outDir = env.command === 'build' ? resolve(site.outDir, 'client') : resolve(site.outDir, site.name, 'public');
      return { build: { outDir: relative(site.root, outDir) || '.' } };
    },
    async configResolved(config) {
      // Listed twice, each copy would build and publish the site, the second over the first.
      const copies = config.plugins?.filter((plugin) => plugin.name === pluginName).length ?? 0;
      if (copies > 1) throw errors.vitePluginTwice(copies);
      command = config.command;
      root = config.root;
      clientFailed = false;
      clientOutDir = resolve(config.root, config.build.outDir);
      logger = fromViteLogger(config.logger);
      // Loaded while Vite resolves its config: a bad config stops Vite before it starts a server (and
      // its dependency optimizer, which writes .vite/ into the site) or empties its outDir.
      const loading = early?.root === root ? early.site : loadSiteConfig(root, overrides);
      early = undefined;
      sites.set(config, loading);
      viteBase = config.base ?? '/';
      builtSite = loading;
      // Vite prints a config hook's error by its message alone when a saved prerender.config restarts it.
      const site = await loading.catch(throwForVite);
      // The outDir Vite empties must never be the output of an earlier build.
      const output = resolve(site.outDir, site.name);
      if (command === 'build' && (isInside(clientOutDir, output) || isInside(output, clientOutDir))) throw errors.viteOutDir(clientOutDir, output, configName(site.root, site.configFile));
    },
    async configureServer(server) {
      const site = await siteOf(server.config);
      const [{ startDevRoutes }, { toNodeMiddleware }] = await Promise.all([import('./dev-routes.ts'), import('./node-middleware.ts')]);
      const routes = await startDevRoutes(site, logger!);
      devs.set(server.config, routes);
      const base = server.config.base ?? '/';
      const owns = ownsPrefix(site.apiPrefix, base);
      server.middlewares.use(toNodeMiddleware(async (request) => (owns(new URL(request.url).pathname) ? routes.fetch(requestWithoutBase(request, base)) : undefined), { owns, onError: reportTo(logger!) }));
      // The config decides the prefix and the routes folder: a change restarts Vite and with it the routes.
      if (site.configFile) {
        server.watcher.add(site.configFile);
        server.watcher.on('change', (file) => void (resolve(file) === site.configFile && server.restart()));
      }
    },
    async configurePreviewServer(server) {
      const site = await siteOf(server.config);
      // As prerender preview: a route's error names its file and line, through the bundle's source
      // map, which Node reads as the bundle loads, while the server lives.
      const { holdSourceMaps } = await import('../source-maps-on.ts');
      server.httpServer?.once('close', holdSourceMaps());
      const [{ startPreviewRoutes }, { toNodeMiddleware }] = await Promise.all([import('./preview-routes.ts'), import('./node-middleware.ts')]);
      const owns = ownsPrefix(site.apiPrefix);
      server.middlewares.use(toNodeMiddleware(await startPreviewRoutes(site, owns), { owns, onError: reportTo(logger!) }));
    },
    applyToEnvironment: (environment) => environment.config.consumer === 'client' && environmentPlugin,
  };
}

/** Closes the routes of the server whose environment is closing (all of them if Vite does not say). */
async function closeDev(devs: Map<object, DevRoutes>, context: unknown): Promise<void> {
  const server = (context as { environment?: { getTopLevelConfig?(): object } } | undefined)?.environment?.getTopLevelConfig?.();
  for (const [key, routes] of devs) {
    if (server !== undefined && key !== server) continue;
    devs.delete(key);
    await routes.close();
  }
}

/**
 * What to say when Vite's `base` (`/myapp/`: the site is served under it, as a GitHub project site
 * is) is not the path of `prerender.sitemap.host`: the link check and the sitemap take the site to be
 * served at that host's path (`/` without one), so the client's links to `/myapp/assets/...` read as
 * broken and the sitemap's URLs lack the base.
 */
function sitePathMismatch(viteBase: string, site: ResolvedConfig): string | undefined {
  if (!viteBase.startsWith('/') || viteBase === '/') return undefined;
  const base = viteBase.endsWith('/') ? viteBase : `${viteBase}/`;
  const host = site.prerender.sitemapHost;
  const hostPath = host === undefined ? '/' : new URL(host).pathname.replace(/\/?$/, '/');
  if (hostPath === base) return undefined;
  const example = host === undefined ? `https://<you>.github.io${base}` : new URL(base, host).href;
  return `Vite's base is ${base}, where the site is served, but ${host === undefined ? 'prerender.sitemap.host is not set' : `prerender.sitemap.host (${host}) is not under it`}: the link check reads the app's links to ${base}... as links outside the site's root, and the sitemap's URLs leave ${base} out. Set prerender.sitemap.host to the site's URL with that path (${example}) in ${configName(site.root, site.configFile)}.`;
}

/**
 * What to say when the site config sets `publicDir`, which `vite build` does not read: Vite's client
 * build (with Vite's own public folder) is published in its place.
 */
function publicDirUnread(site: ResolvedConfig): string | undefined {
  if (site.publicDir === resolve(site.root, 'public')) return undefined;
  const folder = relative(site.root, site.publicDir) || '.';
  return `${configName(site.root, site.configFile)} sets publicDir (${folder}), which vite build does not read: it publishes Vite's client build in its place, with the files of Vite's own publicDir (public/ unless vite.config sets it). Set publicDir: '${folder}' in vite.config, or move the files to public/.`;
}

/** The hint of ROUTES_FAILED in Vite, which has no `--no-fail-on-error` flag: the config key does it. */
const viteRoutesFailedHint = 'Fix the routes listed, or set prerender.failOnError to false in prerender.config to publish the rest.';

/**
 * Vite prints a build error with util.inspect: its stack and every property (a failed build's whole
 * report, and what Rollup adds to an error of a plugin's hook). Ours goes out as the CLI prints it,
 * message and hint, and is inspected as that text alone; its code is kept.
 */
function forVite(error: unknown): unknown {
  if (!(error instanceof PrerenderError)) return error;
  const shown = new Error(error.text(error.code === 'ROUTES_FAILED' ? viteRoutesFailedHint : error.hint));
  shown.stack = shown.message;
  return Object.assign(shown, { code: error.code, [inspect.custom]: () => shown.message });
}

const throwForVite = (error: unknown): never => {
  throw forVite(error);
};

function reportTo(logger: Logger): (error: unknown) => void {
  return (error) => logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
