import { bundleSite } from './bundle.ts';
import { commitBuildCache, openBuildCache } from './cache.ts';
import { checkLinks } from './check-links.ts';
import { precompress } from './compress.ts';
import { loadConfig } from './config.ts';
import { buildOptionChecks, startBuild, type BuildOptions } from './context.ts';
import { loadServer } from './load.ts';
import { planEntries, planListedRoutes } from './plan.ts';
import { prerenderSite, startWriterAhead } from './prerender.ts';
import type { BuildReport } from '../report/build-report.ts';
import { printSummary, reportBuild } from './report.ts';
import { writeReportPage } from './report-page.ts';
import { scanSite } from './scan.ts';
import { stepDone } from './step-channel.ts';
import { publishOutput, runStaged, stageOutput } from './stage.ts';
import { writeOutputs } from './write-outputs.ts';
import { withSourceMaps } from '../source-maps-on.ts';
import { checkOptions } from '../api-options.ts';

export type { BuildOptions } from './context.ts';

/**
 * `prerender build`: bundles every route file into `dist/<name>/server/index.mjs`, prerenders the
 * configured routes through it in-process, and writes `public/`, the manifest, `_headers` and the
 * sitemap, checks the output's links (prerender.links), writes precompressed copies (compress) and
 * the build report (`report.html`). Output is staged and swapped in only on success. With the cache
 * (on by default), routes and the bundle whose inputs did not change are reused from the last build,
 * and the cache is committed once the output is published. Throws a PrerenderError (with the report
 * as `details` when routes failed).
 *
 * Each step is a file of this folder, reading and recording into one context (context.ts); the
 * staging step closes whatever they opened, however the build ends. Stack traces of the site's code
 * name its files through the bundle's source map whatever process runs the build (source-maps-on.ts).
 */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  checkOptions('build()', options, buildOptionChecks, "build({ root: 'my-site' })");
  const start = startBuild(options);
  return withSourceMaps(() => runStaged(start, async () => {
    const context = await loadConfig(start);
    // The output's lock first: a build refused it (LOCKED) has started nothing, no type check to print.
    await stageOutput(context);
    await openBuildCache(context);
    const routeFiles = await scanSite(context);
    startWriterAhead(context);
    await bundleSite(context, routeFiles);
    stepDone('bundle');
    const plan = await planListedRoutes(context);
    const server = await loadServer(context, plan);
    const planned = await planEntries(context, plan, server, routeFiles);
    const rendered = await prerenderSite(context, planned, server, routeFiles);
    const extraFiles = await writeOutputs(context, planned, rendered);
    const serverOnlyLinks = await checkLinks(context, rendered, server, routeFiles, planned);
    const compressed = await precompress(context);
    const report = await reportBuild(context, rendered, extraFiles, { compressed, serverOnlyLinks });
    const changes = await writeReportPage(context, rendered, report, extraFiles);
    await publishOutput(context);
    await commitBuildCache(context);
    return printSummary(context, report, rendered, changes);
  }));
}
