import { isAbsolute, join, relative } from 'node:path';
import { loadBundle } from '../bundle/load-bundle.ts';
import { loadConfigWith, type LoadConfigOptions } from '../config/load.ts';
import type { PrerenderRoute, ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { warnings, type Warning } from '../warnings.ts';
import { collectWarnings, createLogger, warn, type Logger } from '../log.ts';
import { FileClaims } from '../prerender/file-claims.ts';
import { readManifest } from '../prerender/manifest.ts';
import { prerenderRoutes } from '../prerender/prerender.ts';
import { createOutputChecks } from '../prerender/check-output.ts';
import { claimRobots, writeRobots } from '../prerender/robots.ts';
import { byRoute, routeSegments } from '../prerender/route-to-file.ts';
import { sitemapFileNames, sitemapOwner } from '../prerender/sitemap.ts';
import { createFileWriter } from '../prerender/write-files.ts';
import { writeShardInfo } from '../shard/shard-info.ts';
import { selectShard, shardDirName, type Shard } from '../shard/shard.ts';
import { copyPublicDir } from './copy-public.ts';
import { writeHostOutput } from './host-output.ts';
import { createProgress } from './progress.ts';
import { createRouteSink } from './route-sink.ts';
import { createReport, formatFailures, formatSummary, type BuildReport } from './report.ts';
import { withStaging } from './staging.ts';
import { scheduleTypeCheck, type ScheduledCheck } from './schedule-typecheck.ts';
import { startToolchain, type Toolchain } from './toolchain.ts';
import { isTypeScriptFile } from '../bundle/typescript-file.ts';
import { scanRoutes } from '../routes/scan.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';

/** Options of {@link build}: where the site is, config overrides, and where to log. */
export interface BuildOptions extends LoadConfigOptions {
  /** @default a logger on stderr */
  logger?: Logger;
  /**
   * Type-check the site's TypeScript (with the site's own TypeScript when it has a JavaScript API),
   * alongside bundling and prerendering; type errors are printed as warnings at the end. @default true
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

/** Prerenders into a staging folder that replaces `dist/<name>` when everything succeeded. */
async function buildRoutes(
  options: BuildOptions,
  config: ResolvedConfig,
  routeFiles: RouteDefinition[],
  logger: Logger,
  toolchain: Toolchain,
  started: number,
  warned: Warning[],
  check: ScheduledCheck | undefined,
): Promise<BuildReport> {
  const name = options.shard ? shardDirName(config.name, options.shard) : config.name;
  const dir = join(config.outDir, name);

  return withStaging(config.outDir, name, async (stage) => {
    const publicOut = join(stage, 'public');
    const claims = new FileClaims();
    await copyPublicDir(config.publicDir, publicOut, { label: relative(config.root, config.publicDir) || '.', dotFiles: config.publicDotFiles }, claims, logger);
    if (config.prerender.sitemapHost) claims.claim('sitemap.xml', sitemapOwner);
    if (config.prerender.sitemapHost) claimRobots(claims, publicOut);

    const serverFile = join(stage, 'server', 'index.mjs');
    await toolchain.bundleServer(config, routeFiles, serverFile);
    await toolchain.close();
    logger.info(`bundled ${routeFiles.length} route file${routeFiles.length === 1 ? '' : 's'} into ${shortPath(config.root, join(dir, 'server', 'index.mjs'))}`);
    // Planned only once the bundler's process has ended, so that its map of every route never sits
    // beside it; before the check, whose collections then free that map for it.
    const planned = planRoutes(config.prerender.routes, logger);
    // Rendered sorted by route, the order of the manifest and the sitemap, so both stream to disk.
    // Sorted in place without a shard: `planned` is this build's own list, and its order no concern
    // of the shard info's (a million routes: one list of 8 MB, not two).
    const sorted = selectShard(planned, options.shard).sort(byRoute);
    check?.beforePrerender();
    const bundle = await loadBundle(serverFile, config);

    const progress = createProgress(logger, sorted.length);
    const checks = createOutputChecks(config.prerender.validate);
    const sink = createRouteSink({ routes: sorted, distDir: stage, publicDir: publicOut, sitemapHost: config.prerender.sitemapHost, keepSitemapEntries: options.shard !== undefined });
    try {
      await prerenderRoutes({
        routes: sorted,
        fetch: bundle.fetch,
        thrownBy: bundle.errorOf,
        write: createFileWriter(publicOut),
        claims,
        concurrency: config.prerender.concurrency,
        timeout: config.prerender.timeout,
        retry: config.prerender.retry,
        inspect: checks?.inspect,
        now: options.now,
        behind: () => sink.sitemap?.behind,
        onResult: (result, index) => {
          progress.tick(result.error !== undefined);
          sink.add(result, index);
        },
      });
    } catch (error) {
      // The prerender's error is the one to report, not what closing the manifest meets on a full disk.
      sink.closeManifest(true);
      await sink.sitemap?.abort();
      throw error;
    }
    sink.closeManifest();
    progress.finish();
    const { tally } = sink;
    const failures = formatFailures(tally.failures);
    // Failed routes stop the build before anything else is written: the staging folder goes.
    if (failures.length > 0 && config.prerender.failOnError) {
      await sink.sitemap?.abort();
      throw errors.routesFailed(failures, createReport(config.name, dir, tally, 0, performance.now() - started, warned));
    }
    try {
      // With validate: 'error' this throws, and the staging folder goes as with failed routes.
      checks?.report(logger);
    } catch (error) {
      await sink.sitemap?.abort();
      throw error;
    }

    let sitemapFiles: string[] = [];
    if (sink.sitemap) {
      for (const part of sitemapFileNames(sink.sitemap.count).slice(1)) claims.claim(part, sitemapOwner);
      sitemapFiles = await sink.sitemap.finish();
    }
    // The host files need every route's file only for some presets, or when some file needs a rule:
    // then they are read back from the manifest, rather than kept all along.
    const wantsFiles = sink.needsRules || config.preset === 'vercel' || config.preset === 'github-pages';
    const written = wantsFiles ? await readManifest(stage) : [];
    const robotsFiles = config.prerender.sitemapHost && (await writeRobots(publicOut, config.prerender.sitemapHost)) ? 1 : 0;
    // Last: the Vercel and Cloudflare presets see every file, the sitemap included.
    const hostFiles = await writeHostOutput({ preset: config.preset, mistypedFiles: config.mistypedFiles, distDir: stage, publicDir: publicOut, files: written, logger });
    if (options.shard) {
      const { name: site, publicDir, prerender, preset, mistypedFiles } = config;
      const sitemap = sink.sitemapEntries ?? [];
      await writeShardInfo(stage, { name: site, shard: options.shard, publicDir, sitemapHost: prerender.sitemapHost, preset, mistypedFiles, planned, sitemap, sitemapFiles, failures: tally.failures });
    }
    // Vercel's overrides type these files; github-pages already reported them (mistypedFiles).
    if (config.preset !== 'vercel' && config.preset !== 'github-pages' && sink.untyped.count > 0) {
      const { count, examples } = sink.untyped;
      warn(logger, warnings.untypedFiles(count, examples.join(', '), count > 3));
    }

    const result = createReport(config.name, dir, tally, sitemapFiles.length + robotsFiles + hostFiles, performance.now() - started, warned);
    if (failures.length > 0) {
      logger.error(`${failures.length} route${failures.length === 1 ? '' : 's'} failed and ${failures.length === 1 ? 'was' : 'were'} left out (prerender.failOnError is false):`);
      for (const line of failures) logger.error(line);
    }
    return result;
  });
}

/**
 * Checks every route can be a file before anything runs, and drops repeats (the first entry wins).
 * Two spellings of one URL (`/caf%c3%a9`, `/caf%C3%A9`, `/café`) would write one file: a clash.
 */
function planRoutes(routes: PrerenderRoute[], logger: Logger): PrerenderRoute[] {
  // One map, URL (decoded, respelled) -> the route that listed it first. A route without "%" is its
  // own key, so a million routes add no strings here, only the map.
  const byUrl = new Map<string, string>();
  const planned: PrerenderRoute[] = [];
  for (const entry of routes) {
    const segments = routeSegments(entry.route);
    const url = entry.route.includes('%') ? '/' + segments.join('/') + (entry.route.endsWith('/') ? '/' : '') : entry.route;
    const other = byUrl.get(url);
    if (other === entry.route) {
      warn(logger, warnings.duplicateRoute(entry.route));
      continue;
    }
    if (other !== undefined) {
      throw errors.outputClash(`Routes "${other}" and "${entry.route}" in prerender.routes are two spellings of one URL, ${url}, so both would write one file.`);
    }
    byUrl.set(url, entry.route);
    planned.push(entry);
  }
  return planned;
}

/** `path` relative to the site root when it is inside it, else absolute. */
function shortPath(root: string, path: string): string {
  const inside = relative(root, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
