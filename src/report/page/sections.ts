/** The parts of the report page written as HTML when the build ends: the summary, failures, changes. */
import { formatBytes, formatCopies, type BuildReport } from '../build-report.ts';
import { listedChanges, type FileChanges } from '../compare-files.ts';
import { escapeHtml } from '../../escape-html.ts';
import { linkOn } from '../../checks/finish-link-check.ts';
import { countedWide, formatCount } from '../../plural.ts';
import type { RouteProblem } from './rows.ts';
import { checkedWith, type TypeCheckReply } from '../../typecheck/typecheck.ts';

/** Failed routes listed in their own section; all are in the table. */
const listedFailures = 1000;

/** What the summary shows beside the build's own report. */
export interface SummaryFacts {
  /** The type check's result; absent when it did not run. */
  typeCheck?: TypeCheckReply;
  /** What the cache reused and rendered; absent without the cache. */
  cache?: string;
  /** All files of `public/` and their bytes (publicDir copies and the sitemap too). */
  publicFiles: number;
  publicBytes: number;
  /** Gzipped size of the prerendered text bodies of 1 KiB or more together, and their own size. */
  gzipBytes: number;
  gzippedFrom: number;
  problems: RouteProblem[];
  /** Problems found but not kept (the checks keep the first 100). */
  unlistedProblems: number;
  /** The files the build added beside the routes' (the sitemap, robots.txt, the host's). */
  added: readonly string[];
}

/** The summary: routes, files, bytes, time, retries, warnings by code, problems, type check. */
export function summaryHtml(build: BuildReport, facts: SummaryFacts): string {
  const crawled = build.crawled > 0 ? `, ${formatCount(build.crawled)} found by crawling` : '';
  const retried = build.retried.length > 0 ? `${countedWide(build.retries, 'retry', 'retries')} for ${countedWide(build.retried.length, 'route')}` : 'none';
  const items: [string, string][] = [
    ['Routes', `${formatCount(build.ok)} ok, ${formatCount(build.failed)} failed${crawled}`],
    ['Written', writtenLine(build, facts.added)],
    ['Gzipped', facts.gzippedFrom > 0 ? `${formatBytes(facts.gzippedFrom)} of text bodies of 1 KiB or more gzip to ${formatBytes(facts.gzipBytes)} (level 6)` : 'no text body of 1 KiB or more'],
    ['public/', `${countedWide(facts.publicFiles, 'file')}, ${formatBytes(facts.publicBytes)} (publicDir copies, the sitemap and _headers included; precompressed copies not counted)`],
    ['Precompressed', precompressedLine(build.compressed)],
    ['Links only a route answers', serverOnlyLine(build.serverOnlyLinks)],
    ['Time', `${(build.ms / 1000).toFixed(2)} s`],
    ['Cache', facts.cache ?? 'not used (--no-cache, or cache: false): every route rendered'],
    ['Retried', retried],
    ['Warnings', build.warnings.length === 0 ? 'none' : `${formatCount(build.warnings.length)} (${byCode(build.warnings.map((warning) => warning.code))})`],
    ['Problems in files', problemsLine(facts, build.warnings) + (build.failed > 0 ? ` (and ${countedWide(build.failed, 'failed route')}, under Failed routes)` : '')],
    ['Type check', typeCheckText(facts.typeCheck)],
  ];
  const rows = items.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return `<section id="summary"><h2>Summary</h2><dl class="facts">${rows}</dl></section>`;
}

/**
 * The files the build wrote: the routes' bodies (their bytes), then what it added beside them, by
 * name (the sitemap, robots.txt, the host's), then the precompressed copies.
 * @example '9 files: 7 route bodies, 1.9 KiB; sitemap.xml, robots.txt; 12 precompressed copies'
 */
function writtenLine(build: BuildReport, added: readonly string[]): string {
  const bodies = `${countedWide(build.ok, 'route body', 'route bodies')}, ${formatBytes(build.bytes)}`;
  const copies = build.files - build.ok - added.length;
  const shown = added.length > shownAdded ? `${added.slice(0, shownAdded).join(', ')} and ${formatCount(added.length - shownAdded)} more` : added.join(', ');
  const parts = [bodies, ...(added.length > 0 ? [shown] : []), ...(copies > 0 ? [countedWide(copies, 'precompressed copy', 'precompressed copies')] : [])];
  return parts.length > 1 ? `${countedWide(build.files, 'file')}: ${parts.join('; ')}` : bodies;
}

/** The added files named in the Written line: a sitemap of many parts is named by its first ones. */
const shownAdded = 4;

/** The copies `compress` wrote, by coding, as the build's line says them. */
function precompressedLine(compressed: BuildReport['compressed']): string {
  if (!compressed) return 'no copies (compress is off, or the host compresses on its own)';
  if (compressed.files === 0) return 'no file: none is of a text type, 1 KiB or more, and smaller compressed';
  return `${countedWide(compressed.files, 'file')} of ${formatBytes(compressed.bytes)}: ${formatCopies(compressed.copies)}`;
}

/** The links no file serves and a route answers: good beside server/index.mjs, broken where public/ is uploaded alone. */
function serverOnlyLine(found: BuildReport['serverOnlyLinks']): string {
  if (found === undefined || found === null) return 'not checked (prerender.links is false)';
  if (found.count === 0) return 'none';
  const more = found.count > found.links.length ? `, and ${formatCount(found.count - found.links.length)} more` : '';
  return `${countedWide(found.count, 'link')}, which server/index.mjs answers and public/ alone does not: ${found.links.map(linkOn).join(', ')}${more}`;
}

/** The type check's result as the page words it: its errors are listed with the warnings. */
function typeCheckText(result: TypeCheckReply | undefined): string {
  if (result === undefined) return 'not run';
  if (result.failed !== undefined) return 'could not check: see the TYPE_CHECK warning';
  const count = result.diagnostics.length;
  return `${count === 0 ? 'no errors' : `${countedWide(count, 'error')}, listed with the warnings`} (${checkedWith(result)})`;
}

/**
 * The problems of the output's files, a route's or one of publicDir (whose links are checked too):
 * each file's own, so a warning about several files (a link broken on every page) is one warning and
 * a problem of each, which the line says where the counts differ.
 */
function problemsLine({ problems, unlistedProblems }: SummaryFacts, warnings: readonly { code: string }[]): string {
  if (problems.length === 0) return 'none';
  const files = new Set(problems.map((problem) => problem.route)).size;
  const codes = new Set(problems.map((problem) => problem.code));
  const shared = problems.length > warnings.filter((warning) => codes.has(warning.code)).length;
  const each = shared ? '; a warning about several files is a problem of each' : '';
  const unlisted = unlistedProblems > 0 ? `; ${formatCount(unlistedProblems)} more found, not kept` : '';
  return `${formatCount(problems.length)} on ${countedWide(files, 'file')} (${byCode(problems.map((problem) => problem.code))}${each})${unlisted}`;
}

/** `INVALID_JSON 2, TYPE_ERROR 1`: each code with its count, codes sorted. */
function byCode(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, count]) => `${code} ${formatCount(count)}`).join(', ');
}

/** Every warning of the build with its code, folded; empty when there were none. */
export function warningsHtml(build: BuildReport): string {
  if (build.warnings.length === 0) return '';
  const items = build.warnings.map((warning) => `<li><code>${escapeHtml(warning.code)}</code>${escapeHtml(warning.message)}</li>`).join('');
  return `<section id="warnings"><details><summary>Warnings (${formatCount(build.warnings.length)})</summary><ul>${items}</ul></details></section>`;
}

/** The failed routes with their status and message; empty when none failed. */
export function failuresHtml(build: BuildReport): string {
  if (build.failures.length === 0) return '';
  const rows = build.failures
    .slice(0, listedFailures)
    .map((failure) => {
      const status = failure.code === 'NO_ROUTE_FILE' ? 'no route file' : failure.status || 'error';
      const found = failure.foundOn === undefined ? '' : ` (found on ${failure.foundOn})`;
      return `<tr><td class="route">${escapeHtml(failure.route)}</td><td>${escapeHtml(String(status))}</td><td>${escapeHtml(failure.error + found)}</td></tr>`;
    })
    .join('');
  const more = build.failures.length > listedFailures ? `<p class="note">and ${formatCount(build.failures.length - listedFailures)} more: type "failed" in the table's filter.</p>` : '';
  return (
    `<section id="failures"><h2>Failed routes (${formatCount(build.failures.length)})</h2>` +
    `<div class="scroll"><table class="plain"><thead><tr><th>Route</th><th>Status</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table></div>${more}</section>`
  );
}

/** What changed in `public/` against the previous build. */
export function changesHtml(changes: FileChanges): string {
  const heading = '<h2>Changes against the previous build</h2>';
  if (changes.previous === 'first') return `<section id="changes">${heading}<p>First build: there is no previous build's file list to compare with.</p></section>`;
  if (changes.previous === 'unlisted') return `<section id="changes">${heading}<p>The previous output kept no file list to compare with (one made by <code>prerender merge</code>, or by an earlier version of api-prerender), so no changes are shown; the next build compares with this one.</p></section>`;
  if (changes.previous !== 'compared') {
    const why = escapeHtml(changes.previous.unreadable);
    return `<section id="changes">${heading}<p>The previous build's file list could not be read (${why}), so no changes are shown; the next build compares with this one.</p></section>`;
  }
  const line = `${formatCount(changes.added)} added, ${formatCount(changes.changed)} changed, ${formatCount(changes.removed)} removed, ${formatCount(changes.same)} unchanged`;
  const lists = (
    [
      ['Added', changes.addedFiles, changes.added],
      ['Changed', changes.changedFiles, changes.changed],
      ['Removed', changes.removedFiles, changes.removed],
    ] as const
  )
    .filter(([, , count]) => count > 0)
    .map(([label, files, count]) => {
      const items = files.map((file) => `<li>${escapeHtml(file)}</li>`).join('');
      const more = count > files.length ? `<li class="note">and ${formatCount(count - files.length)} more (the first ${formatCount(listedChanges)} are listed)</li>` : '';
      return `<details><summary>${label} (${formatCount(count)})</summary><ul class="files">${items}${more}</ul></details>`;
    })
    .join('');
  return `<section id="changes">${heading}<p>Files of public/: ${line}.</p>${lists}</section>`;
}
