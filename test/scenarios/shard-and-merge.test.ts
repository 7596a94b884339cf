/**
 * A site built in shards (`prerender build --shard k/n`, as CI jobs run them) and merged
 * (`prerender merge`): every route in exactly one shard, and the merge byte for byte the build one
 * process would have written, its host files included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { merge, type Shard } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { shardOf } from '../../src/shard/shard.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { outputTree, snapshotTree } from '../support/tree-snapshot.ts';

/** A fixed clock: every route takes 0 ms, so the manifests of two builds can be byte-identical. */
const now = () => 0;

const items = Array.from({ length: 40 }, (_, i) => `/api/items/${i + 1}.json`);
const notes = Array.from({ length: 12 }, (_, i) => `/api/notes/${i + 1}`);
const docs = ['/docs/intro', '/docs/setup', '/docs/faq'];

/** JSON, typeless text (a `_headers` rule each), HTML (index.html), publicDir files and a sitemap. */
function catalogueSite(extraRoutes: string[] = []): string {
  const routes = [
    ...items.map((path, i) => (i % 3 === 0 ? { route: path, sitemap: { lastmod: '2026-11-21', changefreq: 'weekly', priority: 0.5 } } : path)),
    ...notes.map((path, i) => (i % 4 === 0 ? { route: path, sitemap: false } : path)),
    ...docs,
    ...extraRoutes,
  ];
  return writeSite({
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: Number(getRouterParam(event, 'id')), tags: ['a', 'b'] })`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/api/notes/[id].ts': route(`(event) => 'note ' + getRouterParam(event, 'id')`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/docs/[page].ts': route(
      `(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return '<h1>' + getRouterParam(event, 'page') + '</h1>'; }`,
      'defineEventHandler, getRouterParam, setHeader',
    ),
    'public/robots.txt': 'User-agent: *\n',
    'public/_headers': '/robots.txt\n  Cache-Control: max-age=60\n',
    'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ${JSON.stringify(routes)}, sitemap: { host: 'https://shop.example.com/' } } };`,
  });
}

const shards = (count: number): Shard[] => Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));
const manifestRoutes = (dir: string) => (JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes as { route: string }[]).map((entry) => entry.route);

describe('prerender build --shard and prerender merge', () => {
  let root: string;
  let unsharded: string;
  let shardOut: string;
  let merged: string;

  beforeAll(async () => {
    root = catalogueSite();
    unsharded = (await buildSite(root, { now })).dir;
    shardOut = tempDir('shards-');
    for (const shard of shards(3)) await buildSite(root, { now, shard, config: { outDir: shardOut } });
    merged = (await merge({ shardDirs: readdirSync(shardOut).map((name) => join(shardOut, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() })).dir;
  });

  it('renders every route in exactly one shard, each into its own folder', () => {
    expect(readdirSync(shardOut).sort()).toEqual(['site.shard-1-of-3', 'site.shard-2-of-3', 'site.shard-3-of-3']);
    const perShard = readdirSync(shardOut).sort().map((name) => manifestRoutes(join(shardOut, name)));
    for (const routes of perShard) expect(routes.length).toBeGreaterThan(0);
    expect(perShard.flat().sort()).toEqual(manifestRoutes(unsharded));
    expect(new Set(perShard.flat()).size).toBe(perShard.flat().length);
  });

  it('merges into a dist/<name> equal to the unsharded build, byte for byte, every file', () => {
    const expected = outputTree(unsharded);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['prerender-manifest.json', 'public/_headers', 'public/sitemap.xml', 'server/index.mjs', 'public/docs/faq/index.html']));
    expect(snapshotTree(merged)).toEqual(expected);
  });

  it('the merged _headers and sitemap gather rules and URLs of every shard', () => {
    const headers = readFileSync(join(merged, 'public/_headers'), 'utf8');
    expect(headers.startsWith('/robots.txt\n  Cache-Control: max-age=60\n')).toBe(true);
    const ruled = notes.filter((note) => headers.includes(`\n/${note.slice(1)}\n  Content-Type: text/plain; charset=utf-8\n`));
    expect(ruled).toEqual(notes);
    expect(new Set(ruled.map((note) => shardOf(note, 3))).size).toBeGreaterThan(1);

    const sitemap = readFileSync(join(merged, 'public/sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // HTML routes are written as <path>/index.html, served at <path>/.
    const listed = [...items, ...notes.filter((_, i) => i % 4 !== 0), ...docs.map((path) => path + '/')].map((path) => `https://shop.example.com${path}`);
    expect(locs).toEqual(listed.sort());
  });

  it('the CLI merges the same shards into the same bytes, and --json reports them', async () => {
    const outDir = tempDir('merged-cli-');
    const cli = await runCli(['merge', ...readdirSync(shardOut).map((name) => join(shardOut, name)), '--out-dir', outDir, '--json']);
    expect(cli.stderr).toContain('merged 3 shards: 55 routes, 0 failed in the shards');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ published: true, name: 'site', dir: join(outDir, 'site'), shards: 3, ok: 55, failures: [] });
    expect(snapshotTree(join(outDir, 'site'))).toEqual(outputTree(unsharded));
  });

  it('refuses a missing shard, a shard given twice, and shards of another route list, writing nothing', async () => {
    const dirs = readdirSync(shardOut).sort().map((name) => join(shardOut, name));
    const outDir = tempDir('refused-');
    const attempt = (shardDirs: string[]) => catchError(() => merge({ shardDirs, outDir, logger: createMemoryLogger() }));

    const missing = await attempt([dirs[0], dirs[2]]);
    expect([missing.code, missing.message]).toEqual(['USAGE', 'Shard 2/3 of "site" is missing.']);
    const twice = await attempt([dirs[0], dirs[1], dirs[1], dirs[2]]);
    expect(twice.message).toBe('Shard 2/3 is given twice.');

    const otherList = tempDir('other-');
    await buildSite(catalogueSite(['/api/items/999.json']), { now, shard: { index: 2, count: 3 }, config: { outDir: otherList } });
    const mixed = await attempt([dirs[0], join(otherList, 'site.shard-2-of-3'), dirs[2]]);
    const planned = items.length + notes.length + docs.length;
    expect(mixed.message).toBe(`${join(otherList, 'site.shard-2-of-3')} is from another build than ${dirs[0]}: another list of routes (${planned + 1} routes planned, against ${planned}).`);

    const notAShard = await attempt([unsharded]);
    expect(notAShard.message).toBe(`${unsharded} is not the output of a shard build: it has no prerender-shard.json.`);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('the link check of a shard', () => {
  it("takes a link to another shard's route as good, and still names a link no shard writes (a host serving files alone)", async () => {
    const root = writeSite({
      'src/server/routes/api/u/[id].json.ts': route(`(event) => { const id = Number(getRouterParam(event, 'id')); return { id, next: '/api/u/' + (id % 4 + 1) + '.json', gone: id === 1 ? '/api/u/9.json' : undefined }; }`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'linked', preset: 'netlify', prerender: { routes: ['/api/u/1.json', '/api/u/2.json', '/api/u/3.json', '/api/u/4.json'] } };`,
    });
    const shardOut = tempDir('shards-');
    const broken: string[] = [];
    for (const shard of shards(2)) {
      const { report } = await buildSite(root, { now, shard, config: { outDir: shardOut } });
      broken.push(...report.warnings.filter((warning) => warning.code === 'BROKEN_LINK').map((warning) => warning.target!));
    }
    expect(broken).toEqual(['/api/u/9.json']);
  });
});

describe('merging shards built for a preset', () => {
  it('writes the host files of that preset, as one build does (vercel)', async () => {
    const root = writeSite({
      'src/server/routes/api/u/[id].ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'hosted', preset: 'vercel', prerender: { routes: ['/api/u/1', '/api/u/2', '/api/u/3', '/api/u/4'] } };`,
    });
    const shardOut = tempDir('shards-');
    for (const shard of shards(2)) {
      // A shard is a part of the site: its closing line says to merge, not how to deploy it.
      const { logger, report } = await buildSite(root, { now, shard, config: { outDir: shardOut } });
      expect(report).toMatchObject({ preset: 'vercel', deployDir: null });
      expect(logger.lines.at(-1)).toMatch(new RegExp(`; next: prerender merge the 2 shards \\(.*hosted\\.shard-\\*-of-2\\), then deploy what it writes$`));
    }
    const { dir: unsharded, report } = await buildSite(root, { now });
    // Vercel's CLI deploys the output itself (its .vercel/output), not public/.
    expect(report).toMatchObject({ preset: 'vercel', deployDir: unsharded });
    const outDir = tempDir('merged-');
    const merging = createMemoryLogger();
    const merged = await merge({ shardDirs: readdirSync(shardOut).map((dir) => join(shardOut, dir)), outDir, logger: merging });
    expect(merged).toMatchObject({ preset: 'vercel', deployDir: join(outDir, 'hosted') });
    expect(merging.lines.at(-1)).toMatch(/^merged 2 shards: 4 routes, .*; to deploy: cd .*hosted && vercel deploy --prebuilt$/);
    const config = JSON.parse(readFileSync(join(outDir, 'hosted', '.vercel/output/config.json'), 'utf8'));
    expect(Object.keys(config.overrides)).toEqual(['api/u/1', 'api/u/2', 'api/u/3', 'api/u/4']);
    expect(snapshotTree(join(outDir, 'hosted'))).toEqual(outputTree(unsharded));
  });
});
