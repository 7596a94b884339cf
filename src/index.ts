/**
 * The public API of api-prerender. The CLI is a thin wrapper around these.
 *
 * Importing it loads only what the import asks for: a config file's `import { defineConfig }` loads
 * a few small modules, not h3 (which a site without it, previewing its build, may not have), the
 * servers or the build. `build`, `merge`, `loadConfig` and the servers import their code when called;
 * `apiRoutes` when Vite or Rollup calls its hooks.
 */
import type { BuildReport } from './report/build-report.ts';
import type { BuildOptions } from './pipeline/build.ts';
import type { LoadConfigOptions } from './config/load.ts';
import type { ResolvedConfig } from './config/types.ts';
import type { MergeOptions, MergeReport } from './merge/merge.ts';
import type { DevServerOptions } from './server/dev-server.ts';
import type { PreviewServerOptions } from './server/preview-server.ts';
import type { RunningServer } from './runtime/listen.ts';

export { defineConfig } from './config/define.ts';
export type { LoadConfigOptions } from './config/load.ts';
export type { ConfigExport, PrerenderRoute, ResolvedConfig, RouteEntry, RouteList, SitemapFields, UserConfig } from './config/types.ts';
export type { BuildOptions } from './pipeline/build.ts';
export { keepToolchainsWarm } from './toolchain/toolchain-pool.ts';
export type { BuildReport } from './report/build-report.ts';
export type { RouteEntries, RouteEntriesItem, RouteParams } from './plan/route-entries.ts';
export type { CacheKeyInput, RouteCacheKey } from './cache/cache-key.ts';
export type { PrerenderResult } from './prerender/prerender.ts';
export { parseShard, type Shard } from './shard/shard.ts';
export type { MergeOptions, MergeReport } from './merge/merge.ts';
export { apiRoutes, type ApiRoutesOptions, type ApiRoutesPlugin } from './vite/plugin.ts';
export type { DevServerOptions } from './server/dev-server.ts';
export type { PreviewServerOptions } from './server/preview-server.ts';
export type { CloseOptions, RunningServer } from './runtime/listen.ts';
export { shutdownTimeoutFromEnv } from './runtime/env-options.ts';
export { stopOnSignal, type StopOptions } from './runtime/shutdown.ts';
export { entryId } from './bundle/entry.ts';
export type { RouteDefinition } from './routes/file-to-route.ts';
export { PrerenderError, type ErrorCode } from './errors.ts';
export type { Warning, WarningCode } from './warnings.ts';
export { stackWithCauses } from './error-stack.ts';
export { createLogger, type Logger } from './log.ts';

/**
 * Finds, loads and resolves the site's config (`prerender.config.*` in `root`, under `config`).
 * @example const config = await loadConfig({ root: 'my-site' }); console.log(config.prerender.routes);
 */
export async function loadConfig(options?: LoadConfigOptions): Promise<ResolvedConfig> {
  return (await import('./config/load.ts')).loadConfig(options);
}

/**
 * `prerender build`: bundles every route file into `dist/<name>/server/index.mjs`, prerenders the
 * configured routes through it in-process, and writes `public/`, the manifest, `_headers` and the
 * sitemap. Output is staged and swapped in only on success. Throws a PrerenderError (with the report
 * as `details` when routes failed).
 * @example const report = await build({ root: 'my-site' }); console.log(report.dir);
 */
export async function build(options?: BuildOptions): Promise<BuildReport> {
  return (await import('./pipeline/build.ts')).build(options);
}

/**
 * `prerender merge`: combines the outputs of `prerender build --shard 1/n` ... `n/n` into one
 * `<outDir>/<name>`, exactly as one unsharded build writes it.
 * @example await merge({ shardDirs: ['dist/site.shard-1-of-2', 'dist/site.shard-2-of-2'] });
 */
export async function merge(options: MergeOptions): Promise<MergeReport> {
  return (await import('./merge/merge.ts')).merge(options);
}

/**
 * Starts the dev server; it answers as soon as it listens (requests wait for the first build). Throws
 * for a bad config or an address it cannot listen on; errors in route files never stop it.
 * @example const server = await createDevServer({ root: 'my-site', port: 3000 }); await server.close();
 */
export async function createDevServer(options?: DevServerOptions): Promise<RunningServer> {
  return (await import('./server/dev-server.ts')).createDevServer(options);
}

/**
 * Serves the site's last build: files from `public/`, then the API routes. Throws NO_BUILD when there
 * is no build to serve.
 * @example const server = await createPreviewServer({ root: 'my-site' }); console.log(server.url);
 */
export async function createPreviewServer(options?: PreviewServerOptions): Promise<RunningServer> {
  return (await import('./server/preview-server.ts')).createPreviewServer(options);
}
