/** The report page generator alone (src/report/page/page.ts): its data, its escaping, and that it loads nothing. */
import { describe, expect, it } from 'vitest';
import { renderReportPage } from '../../../src/report/page/page.ts';
import { rowFields, type ReportRow } from '../../../src/report/page/rows.ts';
import { readPageData as pageData } from '../../support/report-page-data.ts';
import { syntheticReport } from '../../support/synthetic-report.ts';

const hostile = '/api/</script><script>alert(1)</script>.json';
const hostileRow: ReportRow = { route: hostile, status: 200, contentType: 'application/json', bytes: 12, ms: 1.5, rendered: 'no cache', source: 'prerender.routes' };
const hostileProblem = { route: hostile, code: 'INVALID_JSON', message: 'is not valid JSON: <!-- </script><img src=x onerror=alert(2)>' };

describe('renderReportPage', () => {
  const { page, rows } = syntheticReport(30, [hostileRow], [hostileProblem]);
  const html = renderReportPage(page, rows);

  it("holds every row's values, strings that repeat written once", () => {
    const data = pageData(html);
    expect(data.fields).toBe(rowFields.length);
    expect(data.rows.length).toBe(rows.length * rowFields.length);
    const text = (value: unknown) => (typeof value === 'number' ? data.strings[value] : value);
    rows.forEach((row, index) => {
      const values = data.rows.slice(index * data.fields, (index + 1) * data.fields);
      expect(values[0]).toBe(row.route);
      expect(values[1]).toBe(row.status);
      expect(values[2] === null ? undefined : text(values[2])).toBe(row.contentType);
      expect(values[3] ?? undefined).toBe(row.bytes);
      expect(values[4] === null ? undefined : data.gzip[values[4] as number]).toBe(row.gzipAt === undefined ? undefined : page.gzip.sizes[row.gzipAt]);
      expect(values[5]).toBe(row.ms);
      expect(text(values[6])).toBe(row.rendered);
      expect(text(values[7])).toBe(row.source);
      expect(values[8] === null ? undefined : text(values[8])).toBe(row.change);
    });
    expect(data.strings.filter((value) => value === 'application/json')).toHaveLength(1);
    expect(data.failures).toEqual(page.build.failures.map((failure) => [failure.route, failure.status, failure.error]));
    expect(data.compared).toBe(true);
  });

  it('a route or message holding </script> or <!-- cannot end or change the script elements', () => {
    // Only the two elements' own end tags: the data's and the script's.
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('<img');
    const data = pageData(html);
    expect(data.rows).toContain(hostile);
    expect(data.problems).toEqual([[hostile, 'INVALID_JSON', hostileProblem.message]]);
  });

  it('counts the failed routes beside the problems, which hold none of them', () => {
    const { page: failing, rows: few } = syntheticReport(3);
    failing.build = { ...failing.build, failed: 2, failures: [{ route: '/a', status: 500, error: 'boom' }, { route: '/b', status: 404, error: 'gone' }] };
    failing.problems = [];
    expect(renderReportPage(failing, few)).toContain('<dt>Problems in files</dt><dd>none (and 2 failed routes, under Failed routes)</dd>');
  });

  it('escapes what the summary and the sections show as HTML', () => {
    const { page: named, rows: few } = syntheticReport(3);
    named.build = { ...named.build, name: '<b>site</b>', failures: [{ route: hostile, status: 500, error: '<i>boom</i>' }], warnings: [{ code: 'BUNDLE', message: '<script>x</script>' }] };
    named.changes = { ...named.changes, removedFiles: ['<u>gone</u>.json'] };
    const shown = renderReportPage(named, few);
    expect(shown).toContain('&#60;b&#62;site&#60;/b&#62;');
    expect(shown).toContain('&#60;i&#62;boom&#60;/i&#62;');
    expect(shown).toContain('&#60;u&#62;gone&#60;/u&#62;.json');
    expect(shown.match(/<\/script/gi)).toHaveLength(2);
    expect(shown).not.toMatch(/<(b|i|u)>/);
  });

  it('refers to nothing outside the file, and its policy forbids loading anything', () => {
    // The data element is JSON, which nothing loads from (the routes' own text, such as `<img src=x`, is in it).
    const markup = html.replace(/(<script id="report-data" type="application\/json">)[\s\S]*?(<\/script>)/, '$1$2');
    // No tag with an attribute that loads or links (text such as an escaped `&#60;img src=x` is only text).
    expect(markup).not.toMatch(/<[a-z][^>]*\s(src|href|xlink:href|action|srcset|poster|data|background)=/i);
    expect(markup).not.toMatch(/<[a-z][^>]*(https?:|\/\/[a-z])/i);
    expect(markup).not.toMatch(/url\(|@import/i);
    expect(markup).toContain('<style>');
    expect(markup).toContain('<script>');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(policy).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:$/);
  });

  it('says so when there is no previous build to compare with, or its list could not be read', () => {
    const { page: first, rows: few } = syntheticReport(3);
    expect(renderReportPage({ ...first, changes: { ...first.changes, previous: 'first' } }, few)).toContain("First build: there is no previous build's file list");
    const unreadable = renderReportPage({ ...first, changes: { ...first.changes, previous: { unreadable: 'it ends before its closing line' } } }, few);
    expect(unreadable).toContain('could not be read (it ends before its closing line)');
    expect(pageData(unreadable).compared).toBe(false);
  });
});
