/** Report data made up for the page's tests: any number of routes, with failures and problems among them. */
import type { BuildReport } from '../../src/report/build-report.ts';
import type { FileChanges } from '../../src/report/compare-files.ts';
import { createFolderSizes } from '../../src/report/folder-sizes.ts';
import type { ReportPageData } from '../../src/report/page/page.ts';
import type { ReportRow, RouteProblem } from '../../src/report/page/rows.ts';

const kinds = ['authors', 'feeds', 'items', 'posts', 'tags'];

/** The route of row `index`: sorted as the index is (zero-padded). */
export const syntheticRoute = (index: number) => `/api/${kinds[index % kinds.length]}/${String(index).padStart(7, '0')}.json`;

/** Every 997th route from the 5th fails (status 500, or no response); the others are JSON of 60 to 4,059 bytes. */
export const syntheticFails = (index: number) => index % 997 === 5;

/** `count` rows sorted by route and the page data around them; `extra` rows (sorted in) and problems added. */
export function syntheticReport(count: number, extra: ReportRow[] = [], extraProblems: RouteProblem[] = []): { page: ReportPageData; rows: ReportRow[] } {
  const rows: ReportRow[] = [...extra];
  const gzipSizes: number[] = [];
  const folders = createFolderSizes();
  for (let index = 0; index < count; index++) {
    const route = syntheticRoute(index);
    const source = index % 3 === 0 ? `entries of src/server/routes/api/${kinds[index % kinds.length]}/[id].json.ts` : 'prerender.routes';
    if (syntheticFails(index)) {
      rows.push({ route, status: index % 2 === 1 ? 500 : 0, ms: 3.2, rendered: 'no cache', source });
      continue;
    }
    const bytes = 60 + ((index * 7919) % 4000);
    // As the writer thread measures: bodies under 1 kB are not gzipped (0).
    gzipSizes.push(bytes < 1024 ? 0 : Math.round(bytes * 0.4) + 20);
    rows.push({ route, status: 200, contentType: 'application/json', bytes, gzipAt: gzipSizes.length - 1, ms: (index % 50) / 10, rendered: 'no cache', source, change: index % 11 === 0 ? 'changed' : 'same' });
    folders.add(route.slice(1), bytes);
  }
  rows.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const failures = rows
    .filter((row) => row.bytes === undefined)
    .map((row) => ({ route: row.route, status: row.status, error: row.status === 0 ? 'threw: Error: the database went away' : `answered ${row.status}` }));
  const build: BuildReport = {
    name: 'catalogue',
    dir: '/srv/catalogue/dist/catalogue',
    ok: rows.length - failures.length,
    failed: failures.length,
    files: rows.length - failures.length + 1,
    copied: 0,
    bytes: rows.reduce((sum, row) => sum + (row.bytes ?? 0), 0),
    ms: 6543,
    retries: 0,
    retried: [],
    failures,
    crawled: 0,
    warnings: extraProblems.map((problem) => ({ code: 'INVALID_JSON' as const, message: `Route "${problem.route}" ${problem.message}.` })),
    reused: 0,
    rendered: [],
  };
  const changed = rows.filter((row) => row.change === 'changed');
  const changes: FileChanges = {
    previous: 'compared',
    added: 0,
    changed: changed.length,
    removed: 1,
    same: rows.length - failures.length - changed.length,
    addedFiles: [],
    changedFiles: changed.slice(0, 1000).map((row) => row.route.slice(1)),
    removedFiles: ['api/retired.json'],
  };
  // Measured in another order than the rows', as the writer thread measures files: backwards here.
  gzipSizes.reverse();
  for (const row of rows) if (row.gzipAt !== undefined) row.gzipAt = gzipSizes.length - 1 - row.gzipAt;
  const typeCheck = { diagnostics: [], version: '7.0.2', from: 'site' as const };
  const gzip = { sizes: gzipSizes, from: rows.reduce((sum, row) => sum + (row.bytes !== undefined && row.bytes >= 1024 ? row.bytes : 0), 0) };
  return { page: { build, typeCheck, problems: extraProblems, unlistedProblems: 0, added: ['sitemap.xml', 'robots.txt'], gzip, changes, folders: folders.root }, rows };
}
