/** The report step: what a build prints and returns. */
import { join, sep } from 'node:path';
import { shownPath } from '../config/output-paths.ts';
import { deployCommand, deployedFolder } from '../hosts/host-output.ts';
import { earlierNames } from '../output/earlier-names.ts';
import { counted } from '../plural.ts';
import { createReport, formatSummary, type BuildReport, type TypeCheckVerdict } from '../report/build-report.ts';
import { reportPageName } from '../report/page/page.ts';
import type { FileChanges } from '../report/compare-files.ts';
import { problemsListed } from '../checks/check-output.ts';
import type { RouteOnlyLink } from '../checks/finish-link-check.ts';
import type { CompressSummary } from '../compress/compress-output.ts';
import type { BuildContext } from './context.ts';
import type { Rendered } from './prerender.ts';

/** What the steps after the prerender found, for the report: the copies `compress` wrote, the links only a route answers. */
export interface CheckedOutput {
  compressed?: CompressSummary;
  serverOnlyLinks?: RouteOnlyLink[];
}

/**
 * The report of a built output, before it is published: the failed routes (kept out,
 * prerender.failOnError being false) printed, then the type check's result (waited for when it still
 * runs), whose warnings join the report's; `checked`, what the steps after the prerender found.
 */
export async function reportBuild(build: BuildContext, rendered: Rendered, extraFiles: readonly string[], checked: CheckedOutput = {}): Promise<BuildReport> {
  const { compressed, serverOnlyLinks } = checked;
  const { config, logger, paths } = build;
  const { failures } = rendered;
  const report = createReport(config.name, paths.final, rendered.tally, extraFiles.length + (compressed?.count ?? 0), performance.now() - build.started, [], build.publicCopies);
  if (failures.length > 0) {
    // One message, as the error of a build that fails on them prints them: the routes indented under it.
    logger.error(`${counted(failures.length, 'route')} failed and ${failures.length === 1 ? 'was' : 'were'} left out (failOnError is off: --no-fail-on-error, or prerender.failOnError: false):\n${failures.join('\n')}`);
  }
  await build.check?.report(logger);
  const reply = await build.check?.result();
  const typeCheck: TypeCheckVerdict | null =
    reply === undefined ? null : reply.failed !== undefined ? { failed: reply.failed } : { errors: reply.diagnostics.length, typescript: reply.version, from: reply.from };
  // Every warning the build printed, the type check's included. Assigned, not spread: the report's
  // list of rendered routes is made when read.
  const precompressed = compressed ? { files: compressed.files, bytes: compressed.bytes, copies: compressed.copies } : null;
  const linksToServer = serverOnlyLinks ? { count: serverOnlyLinks.length, links: serverOnlyLinks.slice(0, problemsListed) } : null;
  return Object.assign(report, { warnings: [...build.warnings], reportPage: join(report.dir, reportPageName), typeCheck, compressed: precompressed, serverOnlyLinks: linksToServer });
}

/**
 * Once the output is published: where its report page is, what the cache reused and why it rendered
 * the rest, then the summary, the build's closing line. Returns `report` with every warning the build
 * printed, the publish and cache steps' included (a previous output it could not remove,
 * LEFTOVER_FOLDER; a cache not saved), which came after the report page was written, and the whole
 * build's time: removing a previous output of 100,000 files took seconds the summary left out.
 */
export function printSummary(build: BuildContext, report: BuildReport, rendered: Rendered, changes?: FileChanges): BuildReport {
  const { logger } = build;
  const counts = changes?.previous === 'compared' ? { added: changes.added, changed: changes.changed, removed: changes.removed } : null;
  const { preset } = build.config;
  const deployDir = build.shard ? null : deployedFolder(preset, report.dir, sep);
  Object.assign(report, { warnings: [...build.warnings], ms: Math.round(performance.now() - build.started), changes: counts, preset, deployDir });
  logger.info(`build report: ${shownPath(join(report.dir, reportPageName))}`);
  if (rendered.tally.renders) logger.info(rendered.tally.renders.summary());
  const changed = changes && changesLine(changes);
  if (changed) logger.info(changed);
  // The summary ends with how to deploy the output: not dist/<name> whole (nor Vite's dist/); a
  // shard's is a part of the site, which prerender merge makes whole.
  const next = build.shard ? `next: prerender merge the ${build.shard.count} shards (${shownPath(join(build.config.outDir, `${build.config.name}.shard-*-of-${build.shard.count}`))}), then deploy what it writes` : `to deploy: ${deployCommand(build.config.preset, shownPath(report.dir))}`;
  logger.info(`${formatSummary(report)}; ${next}`);
  for (const name of earlierNames(build.config)) {
    logger.info(`${shownPath(join(build.config.outDir, name))} is the output of an earlier build of this site named "${name}" (its cache is beside this one's): if the name changed, remove it and ${shownPath(join(build.config.cacheDir, name))}, or a step that uploads ${shownPath(build.config.outDir)} publishes both`);
  }
  return report;
}

/** Files named per kind in {@link changesLine}. */
const namedChanges = 2;

/**
 * What changed in `public/` since the previous build, in one line (the report page lists it whole):
 * a removed file especially, which no other line names (a post deleted). Nothing when nothing
 * changed, or there is no previous build's list to compare with.
 * @example changesLine(changes) // 'public/ since the last build: 1 file added (posts/third.json), 1 removed (posts/old.json)'
 */
function changesLine(changes: FileChanges): string | undefined {
  if (changes.previous !== 'compared') return undefined;
  const kinds = [
    ['added', changes.added, changes.addedFiles],
    ['changed', changes.changed, changes.changedFiles],
    ['removed', changes.removed, changes.removedFiles],
  ] as const;
  const parts = kinds
    .filter(([, count]) => count > 0)
    .map(([kind, count, files], index) => {
      const named = files.slice(0, namedChanges).join(', ');
      const more = count > namedChanges ? ` and ${count - namedChanges} more` : '';
      return `${index === 0 ? counted(count, 'file') : count} ${kind} (${named}${more})`;
    });
  return parts.length === 0 ? undefined : `public/ since the last build: ${parts.join(', ')}`;
}
