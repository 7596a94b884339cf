/**
 * The routes a build renders (src/plan/plan-routes.ts): `prerender.routes` and the URLs the route
 * files' `entries` list, in one build, in shards and merged; a malformed or failing `entries` stops
 * the build naming the file (what an `entries` may return: test/plan/route-entries.test.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { merge, type Shard } from '../../src/index.ts';
import { planRoutes } from '../../src/plan/plan-routes.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError, catchErrorSync } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { leftovers, outputTree, snapshotTree } from '../support/tree-snapshot.ts';

/** A fixed clock: every route takes 0 ms, so the manifests of two builds can be byte-identical. */
const now = () => 0;
const params = 'defineEventHandler, getRouterParam';

/** Sync and async entries, objects and paths, named and unnamed catch-alls, a file without parameters. */
function entriesSite(): string {
  return writeSite({
    'src/server/routes/api/users/[id].ts':
      `export const entries = () => [{ id: '1' }, { id: 'a b' }, { id: 'café' }, { id: '50%' }, '/api/users/7', { id: '7' }];\n` +
      route(`(event) => ({ id: getRouterParam(event, 'id', { decode: true }), raw: getRouterParam(event, 'id') })`, params),
    'src/server/routes/api/posts/[slug].json.ts':
      `export async function entries() { await new Promise((done) => setTimeout(done, 5)); return [{ slug: 'hello' }, { slug: 'v1.2' }]; }\n` +
      route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, params),
    'src/server/routes/docs/[...path].ts':
      `export const entries = async () => [{ path: 'guide/intro' }, { path: 'guide/a b' }];\n` +
      route(`(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return '<p>' + getRouterParam(event, 'path') + '</p>'; }`, `${params}, setHeader`),
    'src/server/routes/files/[...].ts': `export const entries = () => [{ _: 'a/b.txt' }];\n` + route(`(event) => 'file ' + getRouterParam(event, '_')`, params),
    'src/server/routes/about.ts': `export function entries() { return [{}]; }\n` + route(`() => 'about'`),
    'src/server/routes/hello.ts': route(`() => 'hello'`),
    'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/hello', '/api/users/1', '/api/users/caf%c3%a9'], sitemap: { host: 'https://example.com' } } };`,
  });
}

const expectedRoutes = [
  '/about',
  '/api/posts/hello.json',
  '/api/posts/v1.2.json',
  '/api/users/1',
  '/api/users/50%25',
  '/api/users/7',
  '/api/users/a%20b',
  '/api/users/caf%c3%a9',
  '/docs/guide/a%20b',
  '/docs/guide/intro',
  '/files/a/b.txt',
  '/hello',
];

const manifestRoutes = (dir: string) => (JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes as { route: string }[]).map((entry) => entry.route);
const body = (dir: string, file: string) => readFileSync(join(dir, 'public', file), 'utf8');

describe('a route file exporting entries', () => {
  let root: string;
  let dir: string;
  let warningCodes: string[];
  let lines: string[];

  beforeAll(async () => {
    root = entriesSite();
    const built = await buildSite(root, { now });
    dir = built.dir;
    warningCodes = built.report.warnings.map((warning) => warning.code);
    lines = built.logger.lines;
  });

  it('prerenders every URL its entries list, sync and async, objects and paths, with prerender.routes', () => {
    expect(manifestRoutes(dir)).toEqual(expectedRoutes);
    expect(lines).toContain('entries of 5 route files listed 12 routes');
  });

  it('percent-encodes parameter values, so that the handler decodes them back', () => {
    expect(JSON.parse(body(dir, 'api/users/a b'))).toEqual({ id: 'a b', raw: 'a%20b' });
    expect(JSON.parse(body(dir, 'api/users/50%'))).toEqual({ id: '50%', raw: '50%25' });
    expect(JSON.parse(body(dir, 'api/posts/v1.2.json'))).toEqual({ slug: 'v1.2' });
    expect(body(dir, 'about')).toBe('about');
  });

  it('gives a catch-all a value with "/" as several segments', () => {
    expect(body(dir, 'docs/guide/intro/index.html')).toBe('<p>guide/intro</p>');
    expect(body(dir, 'docs/guide/a b/index.html')).toBe('<p>guide/a%20b</p>');
    expect(body(dir, 'files/a/b.txt')).toBe('file a/b.txt');
  });

  it('renders a URL listed in prerender.routes and by entries once, in the spelling of prerender.routes, without warnings', () => {
    // '/api/users/1' in both places, '/api/users/caf%c3%a9' in another spelling, '/api/users/7' twice in entries.
    expect(manifestRoutes(dir).filter((listed) => listed.startsWith('/api/users/'))).toEqual(['/api/users/1', '/api/users/50%25', '/api/users/7', '/api/users/a%20b', '/api/users/caf%c3%a9']);
    expect(JSON.parse(body(dir, 'api/users/café'))).toEqual({ id: 'café', raw: 'caf%C3%A9' });
    expect(warningCodes).not.toContain('DUPLICATE_ROUTE');
    // Most route files export no `entries`, which the generated entry reads anyway: no bundle warning.
    expect(warningCodes).not.toContain('BUNDLE');
  });

  it('names in the manifest the route file whose entries listed each route', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes as { route: string; listedBy?: string }[];
    const listedBy = Object.fromEntries(manifest.map((entry) => [entry.route, entry.listedBy]));
    expect(listedBy['/api/users/a%20b']).toBe('src/server/routes/api/users/[id].ts');
    expect(listedBy['/files/a/b.txt']).toBe('src/server/routes/files/[...].ts');
    // Listed in prerender.routes too, or only there: no listedBy.
    expect(manifest.filter((entry) => !('listedBy' in entry)).map((entry) => entry.route)).toEqual(['/api/users/1', '/api/users/caf%c3%a9', '/hello']);
  });

  it('lists the routes from entries in the sitemap', () => {
    const locs = [...readFileSync(join(dir, 'public/sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(expect.arrayContaining(['https://example.com/api/users/a%20b', 'https://example.com/docs/guide/intro/', 'https://example.com/files/a/b.txt']));
    expect(locs).toHaveLength(expectedRoutes.length);
  });

  it('in shards: every shard lists the same routes, and merge writes what one build writes, byte for byte', async () => {
    const shardOut = tempDir('shards-');
    const shards: Shard[] = [1, 2].map((index) => ({ index, count: 2 }));
    for (const shard of shards) await buildSite(root, { now, shard, config: { outDir: shardOut } });
    const perShard = readdirSync(shardOut).sort().map((name) => manifestRoutes(join(shardOut, name)));
    for (const routes of perShard) expect(routes.length).toBeGreaterThan(0);
    expect(perShard.flat().sort()).toEqual(expectedRoutes);
    const merged = await merge({ shardDirs: readdirSync(shardOut).map((name) => join(shardOut, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() });
    expect(snapshotTree(merged.dir)).toEqual(outputTree(dir));
  });
});

describe("an entry's sitemap option, as prerender.routes has it", () => {
  it('leaves out sitemap: false, writes the fields given (a Date lastmod too), for parameter objects and paths alike', async () => {
    const root = writeSite({
      'src/server/routes/api/posts/[slug].json.ts':
        'export const entries = () => [\n' +
        "  { slug: 'plain' },\n" +
        "  { params: { slug: 'draft' }, sitemap: false },\n" +
        "  { params: { slug: 'news' }, sitemap: { lastmod: '2026-11-21', changefreq: 'daily', priority: 0.8 } },\n" +
        "  { params: { slug: 'wrapped' } },\n" +
        "  { route: '/api/posts/hidden.json', sitemap: false },\n" +
        "  { route: '/api/posts/weekly.json', sitemap: { changefreq: 'weekly', lastmod: new Date('2026-11-29T10:00:00+01:00') } },\n" +
        "  { route: '/api/posts/listed.json', sitemap: false },\n" +
        '];\n' +
        route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, params),
      // A URL listed in prerender.routes too is rendered as prerender.routes lists it, sitemap included.
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/posts/listed.json'], sitemap: { host: 'https://example.com' } } };`,
    });
    const { dir } = await buildSite(root, { now });
    expect(manifestRoutes(dir)).toHaveLength(7);
    // The sitemap's own format, as for prerender.routes: one line, lastmod as a full W3C date-time.
    expect(body(dir, 'sitemap.xml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<url><loc>https://example.com/api/posts/listed.json</loc></url>' +
        '<url><loc>https://example.com/api/posts/news.json</loc><lastmod>2026-11-21T00:00:00.000Z</lastmod><changefreq>daily</changefreq><priority>0.8</priority></url>' +
        '<url><loc>https://example.com/api/posts/plain.json</loc></url>' +
        // A Date, as its toISOString().
        '<url><loc>https://example.com/api/posts/weekly.json</loc><lastmod>2026-11-29T09:00:00.000Z</lastmod><changefreq>weekly</changefreq></url>' +
        '<url><loc>https://example.com/api/posts/wrapped.json</loc></url>' +
        '</urlset>',
    );
  });

});

describe('entries that cannot be prerendered stop the build', () => {
  const users = 'src/server/routes/api/users/[id].ts';
  const handler = route(`(event) => getRouterParam(event, 'id')`, params);

  it('names the file and the entry, exits 1 and leaves the previous output as it was', async () => {
    const root = writeSite({ [users]: `export const entries = () => [{ id: '1' }];\n${handler}`, 'prerender.config.mjs': `export default { name: 'site' };` });
    const outDir = tempDir('out-');
    const { dir } = await buildSite(root, { config: { outDir } });
    const before = snapshotTree(dir);
    expect(Object.keys(before)).toContain('public/api/users/1');

    // A missing parameter, a "/" and the rest: listRouteEntries' table below, without a build each.
    for (const [entries, message] of [
      [`[{ id: '1' }, { id: 2 }]`, `Route file ${users} lists the entry {"id":2} in its entries, which cannot be prerendered: the value of "id" is a number (2), not a string.`],
      [`[{ id: '1', lang: 'en' }]`, `Route file ${users} lists the entry {"id":"1","lang":"en"} in its entries, which cannot be prerendered: "lang" is not a parameter of this file (it declares "id").`],
    ]) {
      writeFileSync(join(root, users), `export const entries = () => ${entries};\n${handler}`);
      const error = await catchError(() => buildSite(root, { config: { outDir } }));
      expect(error.code).toBe('ROUTE_ENTRIES');
      expect(error.exitCode).toBe(1);
      expect(error.message).toContain(message);
      expect(error.hint).toContain(`{ id: '1' }`);
      expect(snapshotTree(dir)).toEqual(before);
      expect(leftovers(outDir, 'site')).toEqual([]);
    }
  });

  it('an entries that throws: the error names the file and carries the cause', async () => {
    const root = writeSite({ [users]: `export async function entries() { throw new Error('CMS down'); }\n${handler}` });
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe('ROUTE_ENTRIES');
    expect(error.message).toBe(`The entries function of route file ${users} failed: CMS down`);
    expect((error.cause as Error).message).toBe('CMS down');
    expect(existsSync(join(outDir, 'site'))).toBe(false);
  });

  it('an entries that reads a file by a relative path the working folder does not hold: says where it looked, and the fix', async () => {
    const root = writeSite({ [users]: `import { readFileSync } from 'node:fs';\nexport const entries = () => JSON.parse(readFileSync('data/users.json', 'utf8'));\n${handler}`, 'data/users.json': '[]' });
    const error = await catchError(() => buildSite(root, { config: { outDir: tempDir('out-') } }));
    expect(error.message).toBe(
      `The entries function of route file ${users} failed: ENOENT: no such file or directory, open 'data/users.json' ("data/users.json" is looked for from the working folder, ${process.cwd()}: name it from the module instead, new URL('...', import.meta.url))`,
    );
  });

  it('through the CLI: exit code 1, the message and hint on stderr, nothing in dist/', async () => {
    const root = writeSite({ [users]: `export const entries = () => ['/users/1'];\n${handler}`, 'prerender.config.mjs': `export default { name: 'site' };` });
    const { code, stderr } = await runCli(['build', root, '--no-typecheck']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Route file ${users} lists the entry "/users/1" in its entries, which cannot be prerendered: the file serves /api/users/:id, and this path has another shape.`);
    expect(stderr).toContain('Return paths starting with "/" that this file serves (/api/users/:id)');
    // The build made dist/ to stage in, and removed it again: it was the site's first build.
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });
});

describe('planRoutes', () => {
  const listed = (route: string) => ({ route, sitemap: {} });

  it('warns once for routes listed more than once, naming the first few and counting the rest', () => {
    const logger = createMemoryLogger();
    const routes = ['/a', '/b', '/a', '/c', '/b', '/a', '/d', '/c', '/d'];
    const plan = planRoutes(routes.map(listed), logger);
    expect(plan.routes.map((entry) => entry.route)).toEqual(['/a', '/b', '/c', '/d']);
    expect(logger.lines).toEqual(['warning 5 entries of prerender.routes repeat a route listed before them, such as "/a", "/b", "/c"; each route is rendered once.']);
  });

  it('is the listed routes themselves while none repeats, and a list of its own once entries add some', () => {
    const routes = ['/a', '/b'].map(listed);
    const plan = planRoutes(routes, createMemoryLogger());
    expect(plan.routes).toBe(routes);
    const all = plan.finish([{ ...listed('/c'), listedBy: 'src/x.ts' }, { ...listed('/a'), listedBy: 'src/x.ts' }]);
    expect(all.map((entry) => entry.route)).toEqual(['/a', '/b', '/c']);
    expect(routes.map((entry) => entry.route)).toEqual(['/a', '/b']);
  });

  it('names every route that cannot be a file, and every two spellings of one URL, in one error', () => {
    const error = catchErrorSync(() => planRoutes(['/a', '/x//y', '/caf%C3%A9', '/b', '/%2e%2e', '/café'].map(listed), createMemoryLogger(), 'prerender.config.ts'));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_PATH', 2]);
    expect(error.message).toBe(
      [
        '3 mistakes in prerender.routes (prerender.config.ts):',
        '  Route "/x//y" in prerender.routes (prerender.config.ts) cannot be prerendered: it has an empty segment ("//").',
        '  Route "/%2e%2e" in prerender.routes (prerender.config.ts) cannot be prerendered: a ".." segment would leave its folder.',
        '  Routes "/caf%C3%A9" and "/café" in prerender.routes are two spellings of one URL, /café, so both would write one file.',
      ].join('\n'),
    );
    expect(error.hint).toBe('Fix the route in prerender.routes in prerender.config.ts. Give one of the routes another path, or drop it where it is listed (prerender.routes, or its route file\'s entries).');
  });

  it('names the first ten of a list whose every route is wrong, and counts the rest', () => {
    const error = catchErrorSync(() => planRoutes(Array.from({ length: 1000 }, (_, i) => listed(`/item/${i}//`)), createMemoryLogger()));
    const lines = error.message.split('\n');
    expect([lines[0], lines.length, lines.at(-1)]).toEqual(['1000 mistakes in prerender.routes:', 12, '  ... and 990 more']);
  });

  it('names the route when one is listed twice', () => {
    const logger = createMemoryLogger();
    planRoutes(['/a', '/a'].map(listed), logger);
    expect(logger.lines).toEqual(['warning Route "/a" is listed twice in prerender.routes; it is rendered once.']);
  });
});
