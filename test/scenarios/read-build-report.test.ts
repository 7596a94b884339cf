/** What a build writes for its report: `report.html` and `report-files.json` beside `public/`, never in it. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { sampleBuild } from '../support/sample-build.ts';
import { pageRows, readPageData } from '../support/report-page-data.ts';

/** A site whose `/api/data.json` answers the text of a data file, and throws when it says `fail`. */
function reportSite() {
  const root = tempDir('report-site-');
  const data = join(root, 'data.txt');
  writeFileSync(data, 'first');
  writeSite(
    {
      'src/server/routes/api/items/[id].json.ts': route('(event) => ({ id: event.context.params.id, name: "Item " + event.context.params.id })'),
      'src/server/routes/api/data.json.ts':
        `import { readFileSync } from 'node:fs';\n` +
        route(`() => { const text = readFileSync(${JSON.stringify(data)}, 'utf8'); if (text === 'fail') throw new Error('the data says fail'); return { text }; }`),
      'src/server/routes/api/broken.json.ts': route(`(event) => { event.res.headers.set('content-type', 'application/json'); return '{"a": 1,}'; }`),
      'src/server/routes/feed.xml.ts': route(`(event) => { event.res.headers.set('content-type', 'application/xml'); return '<rss version="2.0"><x>' + 'entry '.repeat(200) + '</x></rss>'; }`),
      'public/static.txt': 'a static file\n',
      'prerender.config.mjs':
        "export default { name: 'shop', prerender: { routes: ['/api/data.json', '/api/broken.json', '/feed.xml', '/api/items/1.json', '/api/items/2.json'], sitemap: { host: 'https://shop.example.com' } } };\n",
    },
    root,
  );
  return { root, data, outDir: tempDir('report-out-') };
}

describe('the report of a build', () => {
  let site: ReturnType<typeof reportSite>;
  let dir: string;
  let html: string;

  beforeAll(async () => {
    site = reportSite();
    ({ dir } = await buildSite(site.root, { config: { outDir: site.outDir } }));
    html = readFileSync(join(dir, 'report.html'), 'utf8');
  });

  it('is dist/<name>/report.html, beside public/ and never in it, the manifest or the sitemap', () => {
    expect(readdirSync(dir).sort()).toEqual(['prerender-manifest.json', 'public', 'report-files.json', 'report.html', 'server']);
    const published = readdirSync(join(dir, 'public'), { recursive: true }).map(String);
    expect(published.filter((file) => file.includes('report'))).toEqual([]);
    expect(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).not.toContain('report');
    expect(readFileSync(join(dir, 'public', 'sitemap.xml'), 'utf8')).not.toContain('report');
  });

  it('has a row per route with its status, type, size, and the gzip size of a text file of 1 KiB or more', () => {
    const rows = pageRows(readPageData(html));
    expect(rows.map((row) => row.route)).toEqual(['/api/broken.json', '/api/data.json', '/api/items/1.json', '/api/items/2.json', '/feed.xml']);
    const feed = rows.find((row) => row.route === '/feed.xml')!;
    const body = readFileSync(join(dir, 'public', 'feed.xml'));
    expect(feed).toMatchObject({ status: 200, type: 'application/xml', bytes: body.byteLength, gzip: gzipSync(body).byteLength, rendered: 'new', source: 'prerender.routes' });
    expect(feed.gzip).toBeLessThan(body.byteLength / 5);
    // Under 1 KiB, a body is not gzipped (it would gain nothing): 0, shown as "-".
    expect(rows.find((row) => row.route === '/api/items/1.json')).toMatchObject({ status: 200, gzip: 0 });
    expect(html).toContain(`<dt>Gzipped</dt><dd>${(body.byteLength / 1024).toFixed(1)} KiB of text bodies of 1 KiB or more gzip to ${feed.gzip} B (level 6)</dd>`);
    expect(html).toContain('Problems in files</dt><dd>2 on 2 files (INVALID_FEED 1, INVALID_JSON 1)');
    // Read without its script (as text, or scripts off), the page says where the rows are.
    expect(html).toContain('<noscript><p>The table of routes is drawn by this page\'s script, which is off here: every route is also in prerender-manifest.json beside this page');
    // The files the build wrote: the routes' bodies first, then what the build added beside them.
    expect(html).toContain('<dt>Written</dt><dd>7 files: 5 route bodies, 1.3 KiB; sitemap.xml, robots.txt</dd>');
    // Those 7 and the one copy of publicDir's file: what public/ holds.
    expect(html).toContain('<dt>public/</dt><dd>8 files, 1.8 KiB (publicDir copies, the sitemap and _headers included; precompressed copies not counted)</dd>');
    // Each with where in the file it is, as its warning says.
    expect(readPageData(html).problems).toEqual([
      ['/api/broken.json', 'INVALID_JSON', expect.stringContaining('is not valid JSON')],
      ['/feed.xml', 'INVALID_FEED', 'rss has no <channel>, which RSS 2.0 requires'],
    ]);
  });

  it('lists every file of public/ with its size and CRC-32 for the next build, the same bytes for the same input', async () => {
    const list = readFileSync(join(dir, 'report-files.json'), 'utf8');
    for (const file of ['"/feed.xml","",', '"sitemap.xml",', '"robots.txt",', '"static.txt",14,']) expect(list).toContain(file);
    const again = await buildSite(site.root, { config: { outDir: tempDir('report-again-') } });
    expect(readFileSync(join(again.dir, 'report-files.json'), 'utf8')).toBe(list);
    // A new output folder, with the cache of the last build: compared with the file list it kept (a CI job's fresh dist/).
    expect(readFileSync(join(again.dir, 'report.html'), 'utf8')).toContain('Files of public/: 0 added, 0 changed, 0 removed, 8 unchanged.');
  });

  it('the next build says what changed, and what the cache reused and rendered; a failed build leaves the previous report as it was', async () => {
    expect(html).toContain('First build: there is no previous build');
    writeFileSync(site.data, 'second');
    const next = await buildSite(site.root, { config: { outDir: site.outDir } });
    const changed = readFileSync(join(next.dir, 'report.html'), 'utf8');
    // 5 routes, static.txt, the sitemap and robots.txt: only the data file's route changed.
    expect(changed).toContain('Files of public/: 0 added, 1 changed, 0 removed, 7 unchanged.');
    expect(changed).toContain('<li>api/data.json</li>');
    expect(changed).toMatch(/<dt>Cache<\/dt><dd>4 routes reused, 1 rendered \(1 file\)<\/dd>/);
    expect(pageRows(readPageData(changed)).map((row) => row.change)).toEqual(['same', 'changed', 'same', 'same', 'same']);

    writeFileSync(site.data, 'fail');
    expect((await catchError(() => buildSite(site.root, { config: { outDir: site.outDir } }))).code).toBe('ROUTES_FAILED');
    expect(readFileSync(join(next.dir, 'report.html'), 'utf8')).toBe(changed);
    expect(existsSync(join(next.dir, 'report-files.json'))).toBe(true);
  });
});

describe('the report of sample-site, built by the CLI with type checking on', () => {
  it("shows the type check's result and the files publicDir gave", async () => {
    const { dir } = await sampleBuild();
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    // The test copy of sample-site may meet a type error (its tsconfig names types it cannot see): either way, the line.
    expect(html).toMatch(/<dt>Type check<\/dt><dd>(no errors|\d+ errors?, listed with the warnings) \(TypeScript \d+\.\d+\.\d+, [^)]+\)<\/dd>/);
    expect(readFileSync(join(dir, 'report-files.json'), 'utf8')).toContain('["index.html",');
  });
});

describe('the report of a build with broken links', () => {
  it('lists each broken link as a problem of every page it is on', async () => {
    const page = (body: string) => route(`(event) => { setHeader(event, 'content-type', 'text/html'); return '${body}'; }`, 'defineEventHandler, setHeader');
    const link = page('<a href="/nowhere">x</a>');
    const root = writeSite({
      'src/server/routes/a.ts': link,
      'src/server/routes/b.ts': link,
      'src/server/routes/c.ts': page('<a href="/a">a</a>'),
      'prerender.config.mjs': "export default { prerender: { routes: ['/a', '/b', '/c'] } };\n",
    });
    const { dir, report } = await buildSite(root);
    expect(report.warnings.map((warning) => warning.code)).toEqual(['BROKEN_LINK']);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    // One warning names the link and both pages; the files' problems count it on each, and say so.
    expect(html).toContain('<dt>Warnings</dt><dd>1 (BROKEN_LINK 1)</dd>');
    expect(html).toContain('Problems in files</dt><dd>2 on 2 files (BROKEN_LINK 2; a warning about several files is a problem of each)');
    expect(readPageData(html).problems).toEqual([
      ['/a', 'BROKEN_LINK', report.warnings[0].message],
      ['/b', 'BROKEN_LINK', report.warnings[0].message],
    ]);
  });
});

describe('the gzip sizes of a build report', () => {
  it('are measured for the bodies compress would compress: text types of 1 KiB or more, not an image', async () => {
    const root = writeSite({
      'src/server/routes/logo.png.ts': route(`(event) => { event.res.headers.set('content-type', 'image/png'); return new Uint8Array(2048); }`),
      'src/server/routes/big.json.ts': route(`() => ({ text: 'x'.repeat(2000) })`),
      'prerender.config.mjs': "export default { prerender: { routes: ['/big.json', '/logo.png'] } };\n",
    });
    const { dir } = await buildSite(root);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const json = readFileSync(join(dir, 'public', 'big.json'));
    expect(pageRows(readPageData(html)).map(({ route, type, bytes, gzip }) => ({ route, type, bytes, gzip }))).toEqual([
      { route: '/big.json', type: 'application/json;charset=UTF-8', bytes: json.byteLength, gzip: gzipSync(json).byteLength },
      // Gzip would shrink these zeros, but no server and no precompressed copy gzips an image: not measured (0, "-").
      { route: '/logo.png', type: 'image/png', bytes: 2048, gzip: 0 },
    ]);
    expect(html).toContain(`<dt>Gzipped</dt><dd>${(json.byteLength / 1024).toFixed(1)} KiB of text bodies of 1 KiB or more gzip to ${gzipSync(json).byteLength} B (level 6)</dd>`);
  });
});
