/**
 * The prerender step: every planned route rendered through the loaded bundle, each body written as
 * it arrives, each result streamed into the manifest, the sitemap and the report page's rows; then
 * the build stops if routes failed or the output checks refuse a file.
 */
import { configName } from '../config/key-origin.ts';
import type { ServerBundle } from '../bundle/load-bundle.ts';
import { createOutputChecks, type OutputProblem } from '../checks/check-output.ts';
import { createLinkCheck, type LinkCheck } from '../checks/link-check.ts';
import { createCrawl } from '../crawl/crawl.ts';
import { createLinkReader, type LinkReader } from '../crawl/read-links.ts';
import { errors } from '../errors.ts';
import { whileDoing } from '../file-limit.ts';
import { staticHosts, writesHeaders } from '../hosts/host-output.ts';
import { createHeaderRulePlanner } from '../hosts/plan-header-rules.ts';
import { trackServedFiles, type ServedFiles } from '../hosts/unserved-routes.ts';
import { warn } from '../log.ts';
import { openReportPage } from './report-page.ts';
import { createRouteSink, type RouteSink } from './route-sink.ts';
import { createSortedResults } from './sorted-results.ts';
import { createFileWriter, startWriterThread } from '../output/write-files.ts';
import { checkBeforePrerenderRoutes, isLongRouteList } from '../typecheck/schedule-typecheck.ts';
import { explainUnrouted } from '../plan/explain-unrouted.ts';
import { createResultMistakes } from '../prerender/handler-result.ts';
import { prerenderRoutes } from '../prerender/prerender.ts';
import { siteFile } from '../bundle/load-bundle.ts';
import { createProgress } from '../prerender/progress.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRoutesCache } from './cache.ts';
import { warnings } from '../warnings.ts';
import { routeTableOf } from '../cache/bundle-inputs.ts';
import { expectedRouteCount, type BuildContext } from './context.ts';
import { routeHandler } from './load.ts';
import type { PlannedRoutes } from './plan.ts';
import { createReport, formatFailures, type RouteTally } from '../report/build-report.ts';
import { measuresGzip, type ReportWriter } from '../report/report-writer.ts';

/** What the prerender leaves for writing the outputs and the report. */
export interface Rendered {
  /** Counts, and the failed and retried routes. */
  tally: RouteTally;
  /** The failed routes, one line each (printed at the end when prerender.failOnError is false). */
  failures: string[];
  /** The manifest (closed) and the sitemap (to finish) the results went to. */
  sink: RouteSink;
  /** Which route files the rendered routes reached, on a host that serves `public/` alone. */
  served?: ServedFiles;
  /** The links read from the rendered bodies, for the check-links step (prerender.links) to finish. */
  links?: { check: LinkCheck; reader: LinkReader };
  /** The report page, its rows written (report-page.ts finishes it). */
  page: ReportWriter;
  /** What the output checks found (prerender.validate): the first problems, and how many more. */
  problems: { problems: OutputProblem[]; unlisted: number };
}

/**
 * Starts the prerender's writer thread now, when the build is known to write a short list (not
 * empty): it boots (50-60 ms of a 1-route build on this project's machines, the most of its
 * prerender) while the bundler's process works, not once the first file is written. A long list's
 * starts on its own before the prerender, for memory (below); an unknown count's, at its first file.
 */
export function startWriterAhead(build: BuildContext): void {
  const expected = expectedRouteCount(build);
  if (expected === undefined || expected === 0 || isLongRouteList(expected)) return;
  build.writerThread = startWriterThread();
}

/**
 * Renders `planned.routes` (and what a crawl finds from them) with the bundle's routes; with the
 * cache, reuses the output of those whose inputs are unchanged.
 */
export async function prerenderSite(build: BuildContext, planned: PlannedRoutes, server: () => Promise<ServerBundle>, routeFiles: RouteDefinition[]): Promise<Rendered> {
  return whileDoing('prerendering the routes and writing the output', async () => {
    const { config, logger, paths, claims, cache } = build;
    const { routes } = planned;
    const routeCache = createRoutesCache(build, routeFiles, server);
    const page = openReportPage(build);
    const write = createFileWriter(paths.publicDir, {
      onMeasured: page.measured,
      measure: measuresGzip,
      stamp: cache?.stamp,
      thread: build.writerThread,
      // Not a failure: the output is whole; the cache is not saved (commitBuildCache).
      onNotStored: (stored, error) => cache && (cache.notStored ??= { stored, error }),
    });
    // A long list (or a crawl, which may become one) starts the writer thread first, on its own: V8
    // lets the young generation grow while a thread starts (cli/heap.ts), by 14-30 MB when that was
    // during the bundle's load or the first routes (measured at 100,000 routes, bench/RESULTS.md).
    if (routes.length >= checkBeforePrerenderRoutes || config.prerender.crawl) await write.start();
    // The bundle loads first, as a clean build's would, unless it is the last build's and what its
    // modules read as it loaded is unchanged: then it loads with the first route rendered, if any.
    if (!cache?.routes?.sameLoad()) {
      await server().catch(async (error: unknown) => {
        await write.close().catch(() => {});
        throw error;
      });
    }
    const { signal, request } = routeHandler(server, build.signal);
    // On a host serving public/ alone, the route files no route reaches are named at the end.
    const served = staticHosts[config.preset] === undefined ? undefined : trackServedFiles(routeFiles, config);
    if (served) for (const { route, listedBy } of planned.all) served.add(route, listedBy);
    const progress = createProgress(logger, routes.length, undefined, { timeout: config.prerender.timeout, attempts: config.prerender.retry?.attempts });
    const checks = createOutputChecks(config.prerender.validate);
    const { crawl: crawlPolicy, sitemapHost } = config.prerender;
    const site = { root: config.root, routesDir: config.routesDir, outDir: config.outDir };
    const rules = writesHeaders(config.preset) ? createHeaderRulePlanner(paths.dir) : undefined;
    const sink = createRouteSink({ distDir: paths.dir, publicDir: paths.publicDir, preset: config.preset, configFile: config.configFile === undefined ? null : configName(config.root, config.configFile), sitemapHost, keepSitemapEntries: build.shard !== undefined, onRoute: page.add, site, keepRecord: cache?.routes?.add, rules });
    build.sink = sink;
    const crawl = crawlPolicy && createCrawl({ listed: routes, limit: crawlPolicy.limit, claims, onLevel: progress.grow });
    const linkCheck = config.prerender.links ? createLinkCheck(claims) : undefined;
    const reader = crawl || linkCheck ? createLinkReader(sitemapHost) : undefined;
    const held = crawl && createSortedResults(sink, paths.dir);
    const mistakes = createResultMistakes((file) => siteFile(config, file));
    await prerenderRoutes({
      routes,
      request,
      onRender: { start: progress.rendering, end: progress.rendered },
      crawl,
      cache: routeCache,
      links: reader,
      onLinks: linkCheck?.add,
      write,
      claims,
      concurrency: config.prerender.concurrency,
      bounds: { timeout: config.prerender.timeout, maxBodySize: config.prerender.maxBodySize },
      retry: config.prerender.retry,
      inspect: checks?.inspect,
      reinspect: checks?.add,
      now: build.now,
      signal,
      onResult: (result, _index, target) => {
        // A crawled link no route serves is not followed; a listed route no route file matches fails.
        const skipped = result.unrouted && result.foundOn !== undefined;
        progress.tick(result.error !== undefined && !skipped);
        if (skipped) return;
        if (result.foundOn !== undefined && result.file !== undefined) served?.add(result.route);
        if (result.mistake) mistakes.add(result.route, result.mistake);
        if (held) held.add(result, target);
        else sink.add(result, target);
      },
    }).finally(progress.stop);
    held?.flush();
    sink.closeManifest();
    progress.finish();
    build.signal?.throwIfAborted();
    if (crawl && crawl.skipped.count > 0) warn(logger, warnings.crawlLinksSkipped(crawl.skipped.count, crawl.skipped.examples));
    for (const mistake of mistakes.warnings()) warn(logger, mistake);
    const { tally } = sink;
    tally.failures = await explainUnrouted(tally.failures, routeFiles, config, routeTableOf(build.cache?.previous?.index.bundle?.lines ?? []));
    const failures = formatFailures(tally.failures);
    // Failed routes stop the build before anything else is written: the staging folder goes. So
    // does a route whose answer can be no file, with failOnError false too: a build error (SPEC);
    // and, failOnError false, a build none of whose routes rendered: it would publish an empty site
    // over the last one (a CMS down in CI).
    const clashes = tally.failures.filter((failure) => failure.code === 'OUTPUT_CLASH').length;
    // A clash's hint says --no-fail-on-error does not leave it out, with the flag or without.
    const despite = clashes > 0 ? 'clash' : !config.prerender.failOnError && tally.ok === 0 ? 'none' : undefined;
    if (failures.length > 0 && (config.prerender.failOnError || despite)) {
      const noRouteFile = tally.failures.filter((failure) => failure.code === 'NO_ROUTE_FILE').length;
      const report = createReport(config.name, paths.final, tally, 0, performance.now() - build.started, build.warnings);
      throw errors.routesFailed(failures, report, noRouteFile, despite);
    }
    // With validate: 'error' this throws, and the staging folder goes as with failed routes.
    checks?.report(logger);
    return { tally, failures, sink, served, links: linkCheck && reader && { check: linkCheck, reader }, page, problems: checks?.found() ?? { problems: [], unlisted: 0 } };
  });
}
