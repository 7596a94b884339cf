import { join, relative } from 'node:path';
import { loadBundle } from '../bundle/load-bundle.ts';
import { whileDoing } from '../file-limit.ts';
import { shortPath } from '../config/output-paths.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { warnings, type Warning } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import { counted } from '../plural.ts';
import { FileClaims } from '../output/file-claims.ts';
import { readManifest } from '../output/manifest.ts';
import { createCrawl } from '../crawl/crawl.ts';
import { prerenderRoutes } from '../prerender/prerender.ts';
import { createOutputChecks } from '../checks/check-output.ts';
import { claimRobots, writeRobots } from '../output/robots.ts';
import { byRoute } from '../prerender/route-to-file.ts';
import { sitemapFileNames, sitemapOwner } from '../output/sitemap.ts';
import { createFileWriter } from '../output/write-files.ts';
import { writeShardInfo } from '../shard/shard-info.ts';
import { selectShard, shardDirName } from '../shard/shard.ts';
import { copyPublicDir } from '../output/copy-public.ts';
import { explainUnrouted } from '../plan/explain-unrouted.ts';
import { staticHosts, writeHostOutput } from '../hosts/host-output.ts';
import { nothingToPrerender } from '../plan/nothing-to-prerender.ts';
import { planRoutes } from '../plan/plan-routes.ts';
import { trackServedFiles, unservedWarning } from '../hosts/unserved-routes.ts';
import { createProgress } from '../prerender/progress.ts';
import { listRouteEntries } from '../plan/route-entries.ts';
import { createRouteSink } from '../output/route-sink.ts';
import { createSortedResults } from '../output/sorted-results.ts';
import { createReport, formatFailures, type BuildReport } from './report.ts';
import { withStaging } from '../output/staging.ts';
import { untilAborted } from '../settle-within.ts';
import type { Toolchain } from '../toolchain/toolchain.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { BuildOptions } from './build.ts';
import type { ScheduledCheck } from '../typecheck/schedule-typecheck.ts';

/** Prerenders into a staging folder that replaces `dist/<name>` when everything succeeded. */
export async function buildRoutes(
  options: BuildOptions,
  config: ResolvedConfig,
  routeFiles: RouteDefinition[],
  logger: Logger,
  toolchain: Toolchain,
  started: number,
  warned: Warning[],
  check: ScheduledCheck | undefined,
): Promise<BuildReport> {
  // Each shard would crawl from its own routes and find what another shard renders: no shard could
  // tell which crawled route is its own.
  if (options.shard && config.prerender.crawl) throw errors.crawlShard();
  const name = options.shard ? shardDirName(config.name, options.shard) : config.name;
  const dir = join(config.outDir, name);
  const { signal } = options;

  return withStaging(config.outDir, name, logger, async (stage) => {
    const publicOut = join(stage, 'public');
    const claims = new FileClaims();
    const publicLabel = relative(config.root, config.publicDir) || '.';
    await whileDoing(`copying publicDir (${publicLabel})`, () => copyPublicDir(config.publicDir, publicOut, { label: publicLabel, dotFiles: config.publicDotFiles }, claims, logger));
    if (config.prerender.sitemapHost) claims.claim('sitemap.xml', sitemapOwner);
    if (config.prerender.sitemapHost) claimRobots(claims, publicOut);
    signal?.throwIfAborted();

    const serverFile = join(stage, 'server', 'index.mjs');
    await whileDoing('bundling the route files', () => toolchain.bundleServer(config, routeFiles, serverFile));
    await toolchain.close();
    logger.info(`bundled ${counted(routeFiles.length, 'route file')} into ${shortPath(config.root, join(dir, 'server', 'index.mjs'))}`);
    // Planned only once the bundler's process has ended, so that its map of every route never sits
    // beside it; before the check, whose collections then free that map for it.
    const plan = planRoutes(config.prerender.routes, logger);
    await untilAborted(Promise.resolve(check?.beforePrerender()), signal);
    const bundle = await untilAborted(whileDoing('loading the server bundle', () => loadBundle(serverFile, config)), signal);
    // The routes' own entries join once the bundle that holds them is loaded.
    const listed = await untilAborted(listRouteEntries(bundle.routes, config, config.prerender.timeout), signal);
    plan.addEntries(listed.routes);
    if (listed.files > 0) logger.info(`entries of ${counted(listed.files, 'route file')} listed ${counted(listed.routes.length, 'route')}`);
    const planned = plan.routes;
    // On a host serving public/ alone, the route files no route reaches are named at the end.
    const host = staticHosts[config.preset];
    const served = host === undefined ? undefined : trackServedFiles(routeFiles, config);
    if (served) for (const { route, listedBy } of planned) served.add(route, listedBy);
    const nothing = nothingToPrerender(config, routeFiles, planned.length, listed.files);
    if (nothing) warn(logger, nothing);
    // Rendered sorted by route, the order of the manifest and the sitemap, so both stream to disk (a
    // crawl's routes come after, level by level: its results are held and sorted, sorted-results.ts).
    // Sorted in place without a shard: `planned` is this build's own list, and its order no concern
    // of the shard info's (a million routes: one list of 8 MB, not two).
    const sorted = selectShard(planned, options.shard).sort(byRoute);

    const progress = createProgress(logger, sorted.length);
    const checks = createOutputChecks(config.prerender.validate);
    const sink = createRouteSink({ distDir: stage, publicDir: publicOut, sitemapHost: config.prerender.sitemapHost, keepSitemapEntries: options.shard !== undefined });
    const { crawl: crawlPolicy, sitemapHost } = config.prerender;
    const crawl = crawlPolicy && createCrawl({ listed: sorted, limit: crawlPolicy.limit, sitemapHost, claims, onLevel: progress.grow });
    const held = crawl && createSortedResults(sink);
    try {
      await prerenderRoutes({
        routes: sorted,
        request: (request, context) => bundle.app.request(request, undefined, context),
        crawl,
        write: createFileWriter(publicOut),
        claims,
        concurrency: config.prerender.concurrency,
        bounds: { timeout: config.prerender.timeout, maxBodySize: config.prerender.maxBodySize },
        retry: config.prerender.retry,
        inspect: checks?.inspect,
        now: options.now,
        signal,
        behind: () => sink.sitemap?.behind,
        onResult: (result, _index, target) => {
          // A crawled link no route serves is not followed; a listed route no route file matches fails.
          const skipped = result.unrouted && result.foundOn !== undefined;
          progress.tick(result.error !== undefined && !skipped);
          if (skipped) return;
          if (result.foundOn !== undefined && result.file !== undefined) served?.add(result.route);
          if (held) held.add(result, target);
          else sink.add(result, target);
        },
      });
      await held?.flush();
    } catch (error) {
      // The prerender's error is the one to report, not what closing the manifest meets on a full disk.
      sink.closeManifest(true);
      await sink.sitemap?.abort();
      throw error;
    }
    sink.closeManifest();
    progress.finish();
    const stopIfAborted = async () => {
      if (!signal?.aborted) return;
      await sink.sitemap?.abort();
      signal.throwIfAborted();
    };
    await stopIfAborted();
    if (crawl && crawl.skipped.count > 0) warn(logger, warnings.crawlLinksSkipped(crawl.skipped.count, crawl.skipped.examples));
    const { tally } = sink;
    tally.failures = await explainUnrouted(tally.failures, routeFiles, config);
    const failures = formatFailures(tally.failures);
    // Failed routes stop the build before anything else is written: the staging folder goes.
    if (failures.length > 0 && config.prerender.failOnError) {
      await sink.sitemap?.abort();
      const noRouteFile = tally.failures.filter((failure) => failure.code === 'NO_ROUTE_FILE').length;
      throw errors.routesFailed(failures, createReport(config.name, dir, tally, 0, performance.now() - started, warned), noRouteFile);
    }
    try {
      // With validate: 'error' this throws, and the staging folder goes as with failed routes.
      checks?.report(logger);
    } catch (error) {
      await sink.sitemap?.abort();
      throw error;
    }

    if (host !== undefined && served) {
      const unserved = unservedWarning(host, config.preset, await served.unserved(), shortPath(config.root, join(dir, 'server', 'index.mjs')));
      if (unserved) warn(logger, unserved);
    }

    await stopIfAborted();
    let sitemapFiles: string[] = [];
    if (sink.sitemap) {
      for (const part of sitemapFileNames(sink.sitemap.count).slice(1)) claims.claim(part, sitemapOwner);
      sitemapFiles = await sink.sitemap.finish();
    }
    // The host files need every route's file only for some presets, or when some file needs a rule:
    // then they are read back from the manifest, rather than kept all along.
    const wantsFiles = sink.needsRules || config.preset === 'vercel' || config.preset === 'github-pages';
    const written = wantsFiles ? await readManifest(stage) : [];
    signal?.throwIfAborted();
    const robotsFiles = config.prerender.sitemapHost && (await writeRobots(publicOut, config.prerender.sitemapHost)) ? 1 : 0;
    // Last: the Vercel and Cloudflare presets see every file, the sitemap included.
    const hostFiles = await writeHostOutput({ preset: config.preset, mistypedFiles: config.mistypedFiles, distDir: stage, publicDir: publicOut, files: written, logger });
    signal?.throwIfAborted();
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
      logger.error(`${counted(failures.length, 'route')} failed and ${failures.length === 1 ? 'was' : 'were'} left out (prerender.failOnError is false):`);
      for (const line of failures) logger.error(line);
    }
    return result;
  });
}
