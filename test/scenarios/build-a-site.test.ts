/**
 * Building a site (`build()`, which `prerender build` wraps): the layout of dist/<name>, the manifest,
 * _headers, the sitemap and the exact bytes of every kind of body; a custom apiPrefix; route files
 * linked into routesDir.
 */
import { existsSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { snapshotTree } from '../support/tree-snapshot.ts';

const binary = Uint8Array.from({ length: 256 }, (_, i) => (i * 7) % 256);
const multiByte = 'Grüße aus 東京 🚀 “quoted” – naïve café\n';
const ownHeaders = '/robots.txt\n  Cache-Control: public, max-age=60\n';
const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>\n';

const site = {
  'package.json': JSON.stringify({ name: '@acme/output-site', private: true }),
  'public/robots.txt': 'User-agent: *\nAllow: /\n',
  'public/_headers': ownHeaders,
  'public/img/logo.svg': svg,
  'src/server/routes/api/bytes.bin.ts': route(`() => new Uint8Array([${binary.join(', ')}])`),
  'src/server/routes/api/greeting.txt.ts': route(`() => ${JSON.stringify(multiByte)}`),
  'src/server/routes/api/data.ts': route(`() => ({ ok: true, city: '東京' })`),
  'src/server/routes/api/docs.ts': route(
    `(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return '<h1>Docs</h1>'; }`,
    'defineEventHandler, setHeader',
  ),
  'src/server/routes/api/feed.xml.ts': route(
    `(event) => { setHeader(event, 'content-type', 'application/atom+xml'); return '<feed/>'; }`,
    'defineEventHandler, setHeader',
  ),
  'prerender.config.mjs': `export default {
    prerender: {
      routes: ['/api/bytes.bin', '/api/greeting.txt', '/api/data', '/api/docs', { route: '/api/feed.xml', sitemap: false }],
      sitemap: { host: 'https://example.com/' },
    },
  };`,
};

describe('build output of a site with every kind of body', () => {
  let report: BuildReport;
  let dir: string;
  let lines: string[];
  const read = (path: string) => readFileSync(join(dir, path));

  beforeAll(async () => {
    const built = await buildSite(writeSite(site));
    ({ report, dir } = built);
    lines = built.logger.lines;
  });

  it('names the output after package.json without its scope', () => {
    expect(report.name).toBe('output-site');
    expect(basename(dir)).toBe('output-site');
  });

  it('writes exactly public/, server/index.mjs (and its source map), prerender-manifest.json and the report', () => {
    expect(Object.keys(snapshotTree(dir)).sort()).toEqual([
      'prerender-manifest.json',
      'public/_headers',
      'public/api/bytes.bin',
      'public/api/data',
      'public/api/docs/index.html',
      'public/api/feed.xml',
      'public/api/greeting.txt',
      'public/img/logo.svg',
      'public/robots.txt',
      'public/sitemap.xml',
      'report-files.json',
      'report.html',
      'server/index.mjs',
      'server/index.mjs.map',
    ]);
    expect(report).toMatchObject({ ok: 5, failed: 0, failures: [] });
  });

  it('copies publicDir as it is (robots.txt only gains the Sitemap line, as sitemap.host is set)', () => {
    expect(read('public/robots.txt').toString()).toBe(`${site['public/robots.txt']}Sitemap: https://example.com/sitemap.xml\n`);
    expect(read('public/img/logo.svg').toString()).toBe(svg);
  });

  it('writes the exact bytes of each response: binary, multi-byte UTF-8, JSON, HTML', () => {
    expect(new Uint8Array(read('public/api/bytes.bin'))).toEqual(binary);
    expect(read('public/api/greeting.txt')).toEqual(Buffer.from(multiByte, 'utf8'));
    expect(read('public/api/data').toString()).toBe('{"ok":true,"city":"東京"}');
    expect(read('public/api/docs/index.html').toString()).toBe('<h1>Docs</h1>');
    expect(read('public/api/feed.xml').toString()).toBe('<feed/>');
  });

  it('records one manifest entry per route: route, file, status, contentType, bytes, ms, in that order', () => {
    const manifest = JSON.parse(read('prerender-manifest.json').toString());
    const entries = manifest.routes as Record<string, unknown>[];
    for (const entry of entries) expect(Object.keys(entry)).toEqual(['route', 'file', 'status', 'contentType', 'bytes', 'ms']);
    expect(entries.map(({ ms, ...rest }) => (expect(ms).toBeTypeOf('number'), rest))).toEqual([
      { route: '/api/bytes.bin', file: 'api/bytes.bin', status: 200, contentType: 'application/octet-stream', bytes: 256 },
      { route: '/api/data', file: 'api/data', status: 200, contentType: 'application/json;charset=UTF-8', bytes: read('public/api/data').length },
      { route: '/api/docs', file: 'api/docs/index.html', status: 200, contentType: 'text/html; charset=utf-8', bytes: 13 },
      { route: '/api/feed.xml', file: 'api/feed.xml', status: 200, contentType: 'application/atom+xml', bytes: 7 },
      { route: '/api/greeting.txt', file: 'api/greeting.txt', status: 200, contentType: 'text/plain; charset=utf-8', bytes: Buffer.byteLength(multiByte) },
    ]);
    expect(Buffer.byteLength(multiByte)).toBeGreaterThan(multiByte.length);
  });

  it('keeps the publicDir _headers and adds a rule for each type the extension does not imply', () => {
    const headers = read('public/_headers').toString();
    expect(headers.startsWith(ownHeaders)).toBe(true);
    expect(headers).toContain('/api/data\n  Content-Type: application/json;charset=UTF-8\n');
    expect(headers).toContain('/api/feed.xml\n  Content-Type: application/atom+xml\n');
    for (const typed of ['/api/bytes.bin', '/api/greeting.txt', '/api/docs']) expect(headers).not.toContain(typed);
  });

  it('warns once, that the route written without extension keeps its type only where _headers is read', () => {
    const warnings = lines.filter((line) => line.startsWith('warning'));
    expect(warnings).toEqual([expect.stringContaining('/api/data (application/json')]);
  });

  it('lists every prerendered route in the sitemap but the one with sitemap: false, joined by one slash', () => {
    const sitemap = read('public/sitemap.xml').toString();
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://example.com/api/bytes.bin',
      'https://example.com/api/data',
      'https://example.com/api/docs/',
      'https://example.com/api/greeting.txt',
    ]);
    expect(sitemap).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });
});

describe('a custom apiPrefix from the config', () => {
  it('serves the api folder under it, other route files at the root, and nothing under /api', async () => {
    const root = writeSite({
      'src/server/routes/api/v1/hello.txt.ts': route(`() => 'hello from services'`),
      'src/server/routes/root.txt.ts': route(`() => 'at the root'`),
      'prerender.config.mjs': `export default {
        apiPrefix: '/services/',
        prerender: { routes: ['/services/v1/hello.txt', '/root.txt', '/api/v1/hello.txt'], failOnError: false },
      };`,
    });
    const { report, dir } = await buildSite(root);

    expect(report.name).toBe(basename(root));
    expect(readFileSync(join(dir, 'public/services/v1/hello.txt'), 'utf8')).toBe('hello from services');
    expect(readFileSync(join(dir, 'public/root.txt'), 'utf8')).toBe('at the root');
    expect(report.failures).toEqual([
      {
        route: '/api/v1/hello.txt',
        status: 404,
        code: 'NO_ROUTE_FILE',
        error: 'no route file matches this route, listed in prerender.routes; did you mean /services/v1/hello.txt (src/server/routes/api/v1/hello.txt.ts)?',
      },
    ]);
    expect(Object.keys(snapshotTree(join(dir, 'public'))).sort()).toEqual(['root.txt', 'services/v1/hello.txt']);
    // The route no file serves ran no handler: it is failed, not rendered, in this build and the next.
    expect(report.rendered).toEqual([
      { route: '/root.txt', reason: 'new' },
      { route: '/services/v1/hello.txt', reason: 'new' },
    ]);
    const again = await buildSite(root);
    expect(again.logger.lines).toContain('cache: 2 routes reused, 0 rendered');
  });
});

describe('symbolic links in routesDir', () => {
  it('publishes a route file linked from outside the site, and lists the ROUTE_LINK warning; a folder linked from outside is skipped, said too', async () => {
    const shared = writeSite({ 'hello.txt.ts': route(`() => 'shared'`), 'more/other.txt.ts': route(`() => 'other'`) });
    const root = writeSite({ 'prerender.config.mjs': `export default { prerender: { routes: ['/api/hello.txt'] } };`, 'src/server/routes/api/own.txt.ts': route(`() => 'own'`) });
    symlinkSync(join(shared, 'hello.txt.ts'), join(root, 'src/server/routes/api/hello.txt.ts'));
    symlinkSync(join(shared, 'more'), join(root, 'src/server/routes/api/more'));
    const { report, dir, logger } = await buildSite(root);
    expect(readFileSync(join(dir, 'public/api/hello.txt'), 'utf8')).toBe('shared');
    expect(report.warnings.map((warning) => warning.code)).toEqual(['ROUTE_LINK', 'ROUTE_LINK']);
    expect(report.warnings.map((warning) => warning.message)).toEqual([
      `Skipped the link api/more in routesDir: it leads outside the site (${realpathSync(join(shared, 'more'))}). No route under it is served.`,
      `Route file api/hello.txt.ts is a link to ${realpathSync(join(shared, 'hello.txt.ts'))}, outside the site: it is bundled and served as a route. Copy the file into the site if that is not meant to change with its source.`,
    ]);
    expect(logger.lines).toContain(`warning ${report.warnings[1].message}`);
  });
});

describe('build, end to end', () => {
  it('prerenders a JSON route and an XML route with their content types', async () => {
    const root = writeSite({
      'src/server/routes/api/data.json.ts': route('() => ({ a: 1 })'),
      'src/server/routes/api/feed.xml.ts': route(
        `(event) => { setHeader(event, 'content-type', 'text/xml'); return '<feed/>'; }`,
        'defineEventHandler, setHeader',
      ),
      'prerender.config.mjs': `export default { name: 'smoke', prerender: { routes: ['/api/data.json', '/api/feed.xml'] } };`,
    });
    const { dir, report } = await buildSite(root);

    expect(report.ok).toBe(2);
    expect(readFileSync(join(dir, 'public/api/data.json'), 'utf8')).toBe('{"a":1}');
    expect(readFileSync(join(dir, 'public/api/feed.xml'), 'utf8')).toBe('<feed/>');
    expect(existsSync(join(dir, 'server/index.mjs'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes.map((r: { route: string; contentType: string }) => [r.route, r.contentType])).toEqual([
      ['/api/data.json', 'application/json;charset=UTF-8'],
      ['/api/feed.xml', 'text/xml'],
    ]);
  });
});
