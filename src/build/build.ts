import { join } from 'node:path';
import { loadConfigWith, type LoadConfigOptions } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { warnings, type Warning } from '../warnings.ts';
import { collectWarnings, createLogger, warn, type Logger } from '../log.ts';
import { siteFile } from '../bundle/load-bundle.ts';
import { findShadowedRoutes } from '../routes/shadowed-routes.ts';
import type { Shard } from '../shard/shard.ts';
import { formatSummary, type BuildReport } from './report.ts';
import { scheduleTypeCheck } from '../typecheck/schedule-typecheck.ts';
import { startToolchain, type Toolchain } from '../toolchain/toolchain.ts';
import { isTypeScriptFile } from '../bundle/typescript-file.ts';
import { scanRoutes } from '../routes/scan.ts';
import { whileDoing } from '../file-limit.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { untilAborted } from '../settle-within.ts';
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
  /**
   * Stops the build when aborted: it ends its processes, removes what it made (the staging folder,
   * the lock) and rejects with the signal's reason, the previous output untouched. A build that has
   * already put its output in place resolves as usual. `prerender build` aborts it on SIGINT and SIGTERM.
   */
  signal?: AbortSignal;
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
  // Aborted, the toolchain's process ends at once: compiling the config or bundling rejects.
  const stopToolchain = () => void toolchain.close();
  options.signal?.addEventListener('abort', stopToolchain, { once: true });
  try {
    return await buildSite(options, logger, toolchain, started, warned);
  } catch (error) {
    // Whatever the abort made fail (the toolchain closed, a route cut short), the abort is why.
    if (options.signal?.aborted) throw options.signal.reason;
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stopToolchain);
    await toolchain.close();
  }
}

/** {@link build}, with config compilation and bundling done by `toolchain`. */
async function buildSite(options: BuildOptions, logger: Logger, toolchain: Toolchain, started: number, warned: Warning[]): Promise<BuildReport> {
  const config = await untilAborted(whileDoing('loading the config', () => loadConfigWith(options, toolchain.compileConfig)), options.signal);
  const routeFiles = await whileDoing('listing the route files in routesDir', () =>
    scanRoutes(config.routesDir, config.apiPrefix, { root: config.root, onWarning: (warning) => warn(logger, warning) }),
  );
  for (const { file, path, get, head } of findShadowedRoutes(routeFiles)) {
    warn(logger, warnings.shadowedRoute({ file: siteFile(config, file), path, get: siteFile(config, get), head: head && siteFile(config, head) }));
  }
  // A short route list: the check starts now, in a process of its own, beside bundling and the
  // prerender. A long one: between them (schedule-typecheck.ts).
  const task = { root: config.root, files: typeCheckFiles(config, routeFiles) };
  const check = options.typecheck === false ? undefined : scheduleTypeCheck(task, config.prerender.routes.length, logger);
  try {
    const report = await whileDoing('prerendering the routes and writing the output', () => buildRoutes(options, config, routeFiles, logger, toolchain, started, warned, check));
    await check?.report(logger);
    logger.info(formatSummary(report));
    // The type check reports last: its warnings join the report's here.
    return { ...report, warnings: [...warned] };
  } catch (error) {
    // Its type errors often explain the failure: printed before the error, which the caller prints.
    // Not after an abort: the build stops at once, and the check with it.
    if (!options.signal?.aborted) await check?.reportAfterFailure(logger);
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

