import type { LoadConfigOptions } from '../config/load.ts';
import type { Logger } from '../log.ts';
import type { Shard } from '../shard/shard.ts';
import { bundleSite } from './bundle.ts';
import { loadConfig } from './config.ts';
import { startBuild } from './context.ts';
import { loadServer } from './load.ts';
import { planSite } from './plan.ts';
import { prerenderSite } from './prerender.ts';
import { reportBuild, type BuildReport } from './report.ts';
import { scanSite } from './scan.ts';
import { publishOutput, runStaged, stageOutput } from './stage.ts';
import { writeOutputs } from './write-outputs.ts';

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
 *
 * Each step is a file of this folder, reading and recording into one context (context.ts); the
 * staging step closes whatever they opened, however the build ends.
 */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const start = startBuild(options);
  return runStaged(start, async () => {
    const context = await loadConfig(start);
    const routeFiles = await scanSite(context);
    await stageOutput(context);
    await bundleSite(context, routeFiles);
    const server = await loadServer(context);
    const planned = await planSite(context, server, routeFiles);
    const rendered = await prerenderSite(context, planned, server, routeFiles);
    const extraFiles = await writeOutputs(context, planned, rendered);
    await publishOutput(context);
    return reportBuild(context, rendered, extraFiles);
  });
}
