/** The report writer alone (src/report/report-writer.ts): rows wait for their file to be measured, and keep route order. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrerenderRoute } from '../../src/config/types.ts';
import type { BuildReport } from '../../src/report/build-report.ts';
import type { PrerenderResult } from '../../src/prerender/prerender.ts';
import { createReportWriter } from '../../src/report/report-writer.ts';
import { tempDir } from '../support/helpers.ts';
import { pageRows, readPageData } from '../support/report-page-data.ts';

const build: BuildReport = { name: 'site', dir: '/x/site', ok: 3, failed: 1, files: 3, copied: 0, bytes: 30, ms: 5, retries: 0, retried: [], failures: [], crawled: 0, warnings: [], reused: 0, rendered: [] };
const written = (route: string, bytes: number, index: number, crc32: number): PrerenderResult => ({
  route,
  file: route.slice(1),
  status: 200,
  contentType: 'application/json',
  bytes,
  ms: 1,
  written: { index, crc32 },
});
/** A route as the plan lists it: in the sitemap with no fields, listed by `listedBy` when given. */
const target = (route: string, listedBy?: string): PrerenderRoute => (listedBy === undefined ? { route, sitemap: {} } : { route, sitemap: {}, listedBy });

describe('createReportWriter', () => {
  it('writes a row per route in the order routes came, its gzip size found in the order files were measured', () => {
    const distDir = tempDir('report-writer-');
    const publicDir = join(distDir, 'public');
    mkdirSync(publicDir);
    writeFileSync(join(publicDir, 'robots.txt'), 'User-agent: *\n');
    // A host file the build wrote is measured too; a file named but never written (sitemap.xml) is not listed.
    writeFileSync(join(publicDir, '.nojekyll'), '');
    const report = createReportWriter({ name: 'site', distDir, publicDir, previousDir: join(distDir, 'none'), typeProblems: true });
    // The writer thread wrote (and measured) b, then d, then a.
    const [a, b, d] = [written('/a.json', 10, 2, 1), written('/b.json', 20, 0, 2), written('/d.json', 30, 1, 3)];
    const failed: PrerenderResult = { route: '/c.json', status: 500, ms: 2, error: 'answered 500' };

    report.add(a, target('/a.json'));
    report.measured(Uint32Array.of(40));
    report.add(b, target('/b.json', 'src/server/routes/[id].json.ts'));
    report.add(failed, target('/c.json'));
    report.add(d, target('/d.json'));
    report.measured(Uint32Array.of(50, 30));
    report.finish({ build, problems: [], unlistedProblems: 0, otherFiles: ['robots.txt', 'sitemap.xml'], added: ['sitemap.xml', 'robots.txt'] });

    const rows = pageRows(readPageData(readFileSync(join(distDir, 'report.html'), 'utf8')));
    expect(rows.map((row) => [row.route, row.status, row.gzip, row.source])).toEqual([
      ['/a.json', 200, 30, 'prerender.routes'],
      ['/b.json', 200, 40, 'entries of src/server/routes/[id].json.ts'],
      ['/c.json', 500, null, 'prerender.routes'],
      ['/d.json', 200, 50, 'prerender.routes'],
    ]);
    expect(readFileSync(join(distDir, 'report-files.json'), 'utf8')).toBe(
      '{"version":1,"routes":[\n["/a.json","",10,1],\n["/b.json","",20,2],\n["/d.json","",30,3]\n],"files":[\n[".nojekyll",0,0],\n["robots.txt",14,2269165574]\n]}\n',
    );
  });

  it('says the previous output kept no file list (one prerender merge wrote) rather than that this is the first build', () => {
    const changesOf = (previousDir: string) => {
      const distDir = tempDir('report-writer-');
      const publicDir = join(distDir, 'public');
      mkdirSync(publicDir);
      const report = createReportWriter({ name: 'site', distDir, publicDir, previousDir, typeProblems: true });
      report.add(written('/a.json', 10, 0, 1), target('/a.json'));
      report.finish({ build, problems: [], unlistedProblems: 0, otherFiles: [], added: [] });
      return /<section id="changes">.*?<\/section>/s.exec(readFileSync(join(distDir, 'report.html'), 'utf8'))?.[0];
    };
    // An output without report-files.json, as merge writes it.
    const merged = tempDir('merged-');
    mkdirSync(join(merged, 'public'));
    expect(changesOf(merged)).toContain('The previous output kept no file list to compare with (one made by <code>prerender merge</code>, or by an earlier version of api-prerender), so no changes are shown');
    expect(changesOf(join(merged, 'none'))).toContain("First build: there is no previous build's file list to compare with.");
  });
});
