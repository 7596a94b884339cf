import { join } from 'node:path';
import { loadConfigWith, type LoadConfigOptions } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Warning } from '../warnings.ts';
import { collectWarnings, createLogger, type Logger } from '../log.ts';
import type { Shard } from '../shard/shard.ts';
import { formatSummary, type BuildReport } from './report.ts';
import { scheduleTypeCheck } from './schedule-typecheck.ts';
import { startToolchain, type Toolchain } from './toolchain.ts';
import { isTypeScriptFile } from '../bundle/typescript-file.ts';
import { scanRoutes } from '../routes/scan.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { buildRoutes } from './build-routes.ts';

/** Options of {@link build}: where the site is, config overrides, and where to log. */
export interface BuildOptions extends LoadConfigOptions {
  /** @default a logger on stderr */
  logger?: Logger;
  /**
   * Type-check the site's TypeScript (with the site's own `tsc` when it has TypeScript 5 or later, else
   * api-prerender's TypeScript 7), alongside bundling and prerendering; type errors are printed as
   * warnings at the end, before the error of a build that failed. @default true
   */
  typecheck?: boolean;
  /**
   * Prerender only this shard of the routes (chosen by a hash of each route), into
   * `<outDir>/<name>.shard-<k>-of-<n>`; `prerender merge` combines the shards into `<outDir>/<name>`.
   */
  shard?: Shard;
  /**
   * The clock (milliseconds) route times are measured with: the manifest's `ms`. A fixed clock makes
   * two builds of one input byte-identical, sharded or not. @default performance.now
   */
  now?: () => number;
}

/**
 * `prerender build`: bundles every route file into `dist/<name>/server/index.mjs`, prerenders the
 * configured routes through it in-process, and writes `public/`, the manifest, `_headers` and the
 * sitemap. Output is staged and swapped in only on success. Throws a PrerenderError (with the report
 * as `details` when routes failed).
 */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now();
  const { logger, warnings: warned } = collectWarnings(options.logger ?? createLogger());
  // Rollup and TypeScript load only in this process, which ends once the bundle is written.
  const toolchain = startToolchain(logger);
  try {
    return await buildSite(options, logger, toolchain, started, warned);
  } finally {
    await toolchain.close();
  }
}

/** {@link build}, with config compilation and bundling done by `toolchain`. */
async function buildSite(options: BuildOptions, logger: Logger, toolchain: Toolchain, started: number, warned: Warning[]): Promise<BuildReport> {
  const config = await loadConfigWith(options, toolchain.compileConfig);
  const routeFiles = await scanRoutes(config.routesDir, config.apiPrefix);
  // A short route list: the check starts now, in a process of its own, beside bundling and the
  // prerender. A long one: between them (schedule-typecheck.ts).
  const task = { root: config.root, files: typeCheckFiles(config, routeFiles) };
  const check = options.typecheck === false ? undefined : scheduleTypeCheck(task, config.prerender.routes.length, logger);
  try {
    const report = await buildRoutes(options, config, routeFiles, logger, toolchain, started, warned, check);
    await check?.report(logger);
    logger.info(formatSummary(report));
    // The type check reports last: its warnings join the report's here.
    return { ...report, warnings: [...warned] };
  } catch (error) {
    // Its type errors often explain the failure: printed before the error, which the caller prints.
    await check?.reportAfterFailure(logger);
    throw error;
  } finally {
    await check?.close();
  }
}

/** The TypeScript files the type check starts from: the route files and the config file. */
function typeCheckFiles(config: ResolvedConfig, routeFiles: RouteDefinition[]): string[] {
  const files = routeFiles.map((route) => join(config.routesDir, route.file));
  if (config.configFile) files.push(config.configFile);
  return files.filter(isTypeScriptFile);
}

