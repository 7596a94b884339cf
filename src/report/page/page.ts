/**
 * The report page, `dist/<name>/report.html`: one file that loads nothing (no script, style, font or
 * image from anywhere: its Content-Security-Policy allows only its own script and style, by hash), so
 * it opens from `file://` and shows the same offline. It is written in two parts around the rows, so
 * that a build streams the rows into it as routes finish: {@link pageStart}, the rows
 * ({@link createRowEncoder}), {@link pageEnd}.
 */
import { createHash } from 'node:crypto';
import type { TypeCheckReply } from '../../typecheck/typecheck.ts';
import type { BuildReport } from '../build-report.ts';
import type { FileChanges } from '../compare-files.ts';
import type { FolderNode } from '../folder-sizes.ts';
import { escapeHtml } from '../../escape-html.ts';
import { scriptJson } from './script-json.ts';
import { changesHtml, failuresHtml, summaryHtml, warningsHtml, type SummaryFacts } from './sections.ts';
import { pageScript } from './script.ts';
import { pageStyle } from './style.ts';
import { createRowEncoder, rowFields, type ReportRow, type RouteProblem } from './rows.ts';
import { treemapSvg } from './treemap-svg.ts';

/** The file name, beside `public/`. */
export const reportPageName = 'report.html';

/** Everything the page shows but the rows. */
export interface ReportPageData {
  build: BuildReport;
  /** The type check's result, when it ran. */
  typeCheck?: TypeCheckReply;
  /** What the cache reused and rendered; absent without the cache. */
  cache?: string;
  problems: RouteProblem[];
  unlistedProblems: number;
  /** The files the build added beside the routes' (the sitemap, robots.txt, the host's). */
  added: readonly string[];
  /**
   * The gzip size of each route's file (0: under 1 KiB, not measured), in the order the writer thread
   * measured them (ReportRow.gzipAt); and the bytes of the files measured, together.
   */
  gzip: { sizes: ArrayLike<number>; from: number };
  changes: FileChanges;
  /** `public/` by folder. */
  folders: FolderNode;
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const policy = `default-src 'none'; script-src ${hash(pageScript)}; style-src ${hash(pageStyle)}; img-src data:`;

/** The page up to its rows: the head, and the data element opened at its `rows` array. */
export function pageStart(name: string): string {
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${policy}">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(`Build report: ${name}`)}</title>\n<style>${pageStyle}</style>\n</head>\n<body>\n` +
    '<script id="report-data" type="application/json">{"rows":[\n'
  );
}

/** The page after its rows; `strings` are the rows' shared strings ({@link createRowEncoder}). */
export function pageEnd(page: ReportPageData, strings: readonly string[]): string {
  const { build, changes } = page;
  const data = {
    fields: rowFields.length,
    strings,
    gzip: Array.from(page.gzip.sizes),
    failures: build.failures.map((failure) => [failure.route, failure.status, failure.error]),
    problems: page.problems.map((problem) => [problem.route, problem.code, problem.message]),
    compared: changes.previous === 'compared',
  };
  let gzipBytes = 0;
  for (let i = 0; i < page.gzip.sizes.length; i++) gzipBytes += page.gzip.sizes[i];
  const { typeCheck, cache, problems, unlistedProblems, added, folders } = page;
  const facts: SummaryFacts = { typeCheck, cache, problems, unlistedProblems, added, gzipBytes, gzippedFrom: page.gzip.from, publicFiles: folders.files, publicBytes: folders.bytes };
  const table =
    '<section id="routes"><h2>Routes</h2>' +
    // Drawn by the page's script (100,000 rows would make a page no browser scrolls); without it, where the rows are.
    '<noscript><p>The table of routes is drawn by this page\'s script, which is off here: every route is also in prerender-manifest.json beside this page, and in the output of prerender build --json.</p></noscript><div class="tools">' +
    '<input id="filter" type="search" placeholder="Filter: route, status, type, problem…" aria-label="Filter the routes" autocomplete="off">' +
    '<span id="shown"></span></div><div class="viewport"><table class="routes"><colgroup>' +
    ['22%', '7%', '13%', '7%', '6%', '5%', '8%', '13%', '7%', '12%'].map((width) => `<col width="${width}">`).join('') +
    `</colgroup><thead><tr></tr></thead><tbody><tr class="spacer"><td colspan="${rowFields.length}"></td></tr>` +
    `<tr class="spacer"><td colspan="${rowFields.length}"></td></tr></tbody></table></div></section>`;
  return (
    `\n],${scriptJson(data).slice(1)}</script>\n` +
    `<header><h1>${escapeHtml(build.name)}</h1><p>Build report of ${escapeHtml(build.dir)}</p></header>\n<main>\n` +
    summaryHtml(build, facts) +
    failuresHtml(build) +
    warningsHtml(build) +
    table +
    `<section id="sizes"><h2>Size of public/ by folder</h2>${treemapSvg(page.folders)}</section>` +
    changesHtml(changes) +
    '\n</main>\n<footer>Written by api-prerender with the build; not part of public/, never deployed.</footer>\n' +
    `<script>${pageScript}</script>\n</body>\n</html>\n`
  );
}

/** The whole page of `rows` (sorted by route), in one string: for a report held in memory. */
export function renderReportPage(page: ReportPageData, rows: readonly ReportRow[]): string {
  const encoder = createRowEncoder();
  const encoded = rows.map((row) => encoder.encode(row)).join('');
  return pageStart(page.build.name) + encoded + pageEnd(page, encoder.strings);
}
