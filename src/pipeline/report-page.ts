/**
 * The report page step: `dist/<name>/report.html` and the file list the next build compares with,
 * `report-files.json` (src/report/), staged beside `public/` and never in it. The prerender step opens
 * them ({@link openReportPage}) and each route's result becomes a row on its way to the manifest;
 * {@link writeReportPage} adds the rest once the build's report is known, before it is published, so
 * a failed build leaves the previous report as it was.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { whileDoing } from '../file-limit.ts';
import { fileListName } from '../report/file-list.ts';
import type { BuildReport } from '../report/build-report.ts';
import { createReportWriter, type ReportWriter } from '../report/report-writer.ts';
import { routeProblems } from '../report/route-problems.ts';
import type { FileChanges } from '../report/compare-files.ts';
import type { BuildContext } from './context.ts';
import type { Rendered } from './prerender.ts';

/**
 * Starts the report in the staged output; the previous build's file list is read as routes come:
 * the output's, else, where there is no output (a CI job's fresh `dist/`), the copy the cache kept
 * of the last build's (commitBuildCache), so a cache restored in CI compares too.
 */
export function openReportPage(build: BuildContext): ReportWriter {
  const { config, paths, cache } = build;
  const previousDir = cache && !existsSync(paths.final) && existsSync(join(cache.dir, fileListName)) ? cache.dir : paths.final;
  return createReportWriter({ name: config.name, distDir: paths.dir, publicDir: paths.publicDir, previousDir, typeProblems: config.preset === 'static' });
}

/**
 * Finishes the report: the summary of `report`, the type check's result, each route's problems (the
 * output checks', the broken links on it), and the files of `public/` no route wrote (publicDir's
 * copies, the sitemap and robots.txt, the host files), measured from disk. Returns what changed in
 * `public/` since the previous build.
 */
export async function writeReportPage(build: BuildContext, rendered: Rendered, report: BuildReport, added: readonly string[]): Promise<FileChanges> {
  const { page, problems } = rendered;
  // Reported already (report.ts): this waits for nothing and prints nothing.
  const typeCheck = await build.check?.result();
  return whileDoing('writing the build report', async () =>
    page.finish({ build: report, typeCheck, cache: build.cache ? rendered.tally.renders?.counts() : undefined, problems: routeProblems(problems.problems, report.warnings), unlistedProblems: problems.unlisted, otherFiles: build.siteFiles, added }),
  );
}
