/**
 * The prerender config as the Vite plugin sees it: `prerender.config.*` in Vite's root, with the
 * plugin's own options winning, and the prefix the plugin claims from Vite's server.
 */
import { existsSync } from 'node:fs';
import { configName } from '../config/key-origin.ts';
import { loadServerConfig, type LoadConfigOptions } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { normalizePathname } from '../runtime/url-path.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';

/** What the plugin's options add to or override in the site's config. */
export interface SiteOverrides {
  apiPrefix?: string;
  routesDir?: string;
  configFile?: string | false;
}

/** Where the config lives and what overrides it, for `loadConfig` and `build`. */
export function configOptions(root: string, overrides: SiteOverrides): LoadConfigOptions {
  return { root, configFile: overrides.configFile, config: { apiPrefix: overrides.apiPrefix, routesDir: overrides.routesDir } };
}

/**
 * Loads the site's config for Vite; an empty prefix is refused, as it would own every URL. Its
 * routes are not listed (a `prerender.routes` function is not called): Vite's hooks and servers read
 * no route list, and `vite build`'s prerender lists them itself.
 */
export async function loadSiteConfig(root: string, overrides: SiteOverrides): Promise<ResolvedConfig> {
  const config = await loadServerConfig(configOptions(root, overrides));
  if (config.apiPrefix === '') throw errors.vitePrefix(configName(config.root, config.configFile));
  // A routes folder given to apiRoutes() that is not there, beside one that is (a typo): its fix is
  // in vite.config, not in the config file the build and dev servers would name. With none near, dev
  // waits for it to be made, as before.
  const nearby = overrides.routesDir !== undefined && !existsSync(config.routesDir) ? findNearbyRoutes(config.root, config.routesDir) : undefined;
  if (nearby) throw errors.noRoutesDir(config.routesDir, config.root, 'the options of apiRoutes() in vite.config', nearby);
  return config;
}

/**
 * Whether a URL path lies under the prefix, in the one spelling the router matches on: these paths
 * are ours (a route, or our 404), all others stay Vite's. Under Vite's `base` (`/myapp/`, a GitHub
 * project site), the prefix is under it too, as the built site is served.
 * @example ownsPrefix('api')('/api/posts.json') // true
 * @example ownsPrefix('api')('/apis') // false
 * @example ownsPrefix('api', '/myapp/')('/myapp/api/posts.json') // true
 */
export function ownsPrefix(apiPrefix: string, viteBase = '/'): (pathname: string) => boolean {
  const prefix = `/${apiPrefix}`;
  return (pathname) => {
    const path = withoutBase(normalizePathname(pathname), viteBase);
    return path !== undefined && (path === prefix || path.startsWith(`${prefix}/`));
  };
}

/**
 * `pathname` as the routes see it: without Vite's `base` in front (`/myapp/api/x` -> `/api/x`), or
 * `undefined` when it is not under it. A base that is a URL or relative (`./`) is left alone.
 */
export function withoutBase(pathname: string, viteBase: string): string | undefined {
  if (!viteBase.startsWith('/') || viteBase === '/') return pathname;
  const base = viteBase.endsWith('/') ? viteBase : `${viteBase}/`;
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : undefined;
}

/** `request` at the path the routes see ({@link withoutBase}): the same request when Vite has no base. */
export function requestWithoutBase(request: Request, viteBase: string): Request {
  const url = new URL(request.url);
  const path = withoutBase(url.pathname, viteBase);
  if (path === undefined || path === url.pathname) return request;
  url.pathname = path;
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
  return new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal, ...(body ? { duplex: 'half' } : {}) } as RequestInit);
}
