/** The public API of api-prerender. The CLI is a thin wrapper around these. */
export { defineConfig } from './config/define.ts';
export { loadConfig, type LoadConfigOptions } from './config/load.ts';
export type { ConfigExport, PrerenderRoute, ResolvedConfig, RouteEntry, RouteList, SitemapFields, UserConfig } from './config/types.ts';
export { build, type BuildOptions } from './build/build.ts';
export type { BuildReport } from './build/report.ts';
export type { PrerenderResult } from './prerender/prerender.ts';
export { parseShard, type Shard } from './shard/shard.ts';
export { merge, type MergeOptions, type MergeReport } from './merge/merge.ts';
export { apiRoutes, type ApiRoutesOptions, type ApiRoutesPlugin } from './vite/plugin.ts';
export { createDevServer, type DevServerOptions } from './server/dev-server.ts';
export { createPreviewServer, type PreviewServerOptions } from './server/preview-server.ts';
export type { RunningServer } from './runtime/listen.ts';
export { entryId } from './bundle/entry.ts';
export type { RouteDefinition } from './routes/file-to-route.ts';
export { PrerenderError, type ErrorCode } from './errors.ts';
export { createLogger, type Logger } from './log.ts';
