/** The report step: what a published build prints and returns. */
import { counted } from '../plural.ts';
import { createReport, formatSummary, type BuildReport } from '../report/build-report.ts';
import type { BuildContext } from './context.ts';
import type { Rendered } from './prerender.ts';

/**
 * The report of a published build: the failed routes (kept out, prerender.failOnError being false)
 * printed, then the type check's result (waited for when it still runs), then the summary line.
 */
export async function reportBuild(build: BuildContext, rendered: Rendered, extraFiles: number): Promise<BuildReport> {
  const { config, logger, paths } = build;
  const { failures } = rendered;
  const report = createReport(config.name, paths.final, rendered.tally, extraFiles, performance.now() - build.started);
  if (failures.length > 0) {
    logger.error(`${counted(failures.length, 'route')} failed and ${failures.length === 1 ? 'was' : 'were'} left out (prerender.failOnError is false):`);
    for (const line of failures) logger.error(line);
  }
  await build.check?.report(logger);
  logger.info(formatSummary(report));
  // Every warning the build printed, the type check's included.
  return { ...report, warnings: [...build.warnings] };
}
