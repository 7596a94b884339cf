/**
 * The cache as a CI job meets it (SPEC section 8): restored into another folder (another checkout,
 * another machine's path), cut short or filled with garbage, and read by 16 routes in flight at once.
 */
import { cpSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBodyPath } from '../../src/cache/body-store.ts';
import { buildSite, tempDir, writeSite } from '../support/helpers.ts';
import { cacheSiteRoutes, expectCleanOutput, notingRoute, startSource, takeRuns, writeCacheSite } from '../support/cache-site.ts';

let source: Awaited<ReturnType<typeof startSource>>;
beforeAll(async () => void (source = await startSource()));
afterAll(() => source.close());

const always = ['/api/env.txt', '/api/live.json'];

/** The cache site built once; its cache folder (of the output) and where its runs go. */
async function builtSite() {
  const runs = join(tempDir('runs-'), 'runs.log');
  const root = writeCacheSite(runs, source.url);
  await buildSite(root);
  takeRuns(runs);
  return { runs, root, cacheDir: join(root, 'node_modules/.cache/api-prerender/cached/build') };
}

describe('a cache restored', () => {
  it('in another folder, as a CI cache of cacheDir is on another machine: every route it can reuse is reused', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    // The output in the site, as the default outDir has it; a CI job restores the cache alone.
    const inSite = { config: { outDir: 'dist' } };
    const root = writeCacheSite(runs, source.url);
    await buildSite(root, inSite);
    takeRuns(runs);
    // A copy keeps neither the hard links nor the modification times: each stored body is checked by its hash.
    const checkout = tempDir('ci-');
    cpSync(root, checkout, { recursive: true, filter: (path) => !path.startsWith(join(root, 'dist')) });
    const restored = await buildSite(checkout, inSite);
    expect(takeRuns(runs)).toEqual(always);
    expect(restored.report).toMatchObject({ reused: 8, warnings: [] });
    expect(restored.logger.lines).toContain(`reused the bundle of 8 route files (the output's server/index.mjs): none of its inputs changed`);
    await expectCleanOutput(checkout, restored.dir, runs, inSite);

    // Deeper, api-prerender is elsewhere from the site (here, not in its node_modules): the bundle,
    // which names it, is made again; the routes' code is the same, and reused.
    const deeper = join(tempDir('ci-'), 'work', 'checkout');
    cpSync(checkout, deeper, { recursive: true, filter: (path) => !path.startsWith(join(checkout, 'dist')) });
    const moved = await buildSite(deeper, inSite);
    expect(takeRuns(runs)).toEqual(always);
    expect(moved.report.reused).toBe(8);
    expect(moved.logger.lines).toContainEqual(expect.stringMatching(/^bundled 8 route files/));
    await expectCleanOutput(deeper, moved.dir, runs, inSite);
  });

  it('cut short or filled with garbage is ignored with one CACHE_IGNORED, the build correct, and a good cache written', async () => {
    const { runs, root, cacheDir } = await builtSite();
    const index = join(cacheDir, 'index.json');
    truncateSync(index, 100);
    const cut = await buildSite(root);
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(cut.report.warnings).toEqual([{ code: 'CACHE_IGNORED', message: expect.stringMatching(/^Ignored the cache in \/\S+\/node_modules\/.cache\/api-prerender\/cached: its index .*index\.json is not one this api-prerender wrote\. Every route is rendered/) }]);
    expect(cut.report.rendered).toEqual(cacheSiteRoutes.map((route) => ({ route, reason: 'new' })));
    await expectCleanOutput(root, cut.dir, runs);

    const records = readdirSync(cacheDir).find((name) => name.startsWith('records-'))!;
    writeFileSync(join(cacheDir, records), 'garbage\n'.repeat(1000));
    const garbage = await buildSite(root);
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(garbage.report.warnings).toEqual([{ code: 'CACHE_IGNORED', message: expect.stringContaining('is missing, cut short or altered') }]);
    await expectCleanOutput(root, garbage.dir, runs);

    writeFileSync(index, JSON.stringify({ tool: 'astro', version: 7 }));
    const foreign = await buildSite(root);
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(foreign.report.warnings.map((warning) => warning.code)).toEqual(['CACHE_IGNORED']);

    const healed = await buildSite(root);
    expect(takeRuns(runs)).toEqual(always);
    expect(healed.report.warnings).toEqual([]);
  });

  it("whose stored body or bundle was altered renders that route, and bundles again, rather than publish what it holds", async () => {
    const { runs, root, cacheDir } = await builtSite();
    const stored = storedBodyPath(cacheDir, '/api/version.txt');
    writeFileSync(stored, 'v9');
    const index = JSON.parse(readFileSync(join(cacheDir, 'index.json'), 'utf8')) as { bundle: { dir: string } };
    writeFileSync(join(cacheDir, index.bundle.dir, 'index.mjs'), 'export {};\n');
    const again = await buildSite(root);
    expect(takeRuns(runs)).toEqual([...always, '/api/version.txt'].sort());
    expect(again.report.rendered).toContainEqual({ route: '/api/version.txt', reason: 'output' });
    expect(again.logger.lines).toContainEqual(expect.stringMatching(/^bundled 8 route files/));
    expect(readFileSync(join(again.dir, 'public/api/version.txt'), 'utf8')).toBe('v1');
    await expectCleanOutput(root, again.dir, runs);
  });
});

describe('16 routes in flight', () => {
  it('each get the file they read, so one changed file renders its route alone', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const names = Array.from({ length: 48 }, (_, i) => `post-${i}`);
    const root = writeSite({
      ...Object.fromEntries(names.map((name) => [`content/${name}.md`, `# ${name}\n`])),
      'src/server/routes/api/posts/[slug].txt.ts': notingRoute(
        runs,
        "new Promise((resolve) => setTimeout(resolve, Math.random() * 30)).then(() => readFile(new URL(getRouterParam(event, 'slug') + '.md', folder), 'utf8'))",
        "import { readFile } from 'node:fs/promises';\nconst folder = new URL('../../../../../content/', import.meta.url);",
      ),
    });
    const routes = names.map((name) => `/api/posts/${name}.txt`);
    const options = { config: { prerender: { concurrency: 16, routes } } };
    await buildSite(root, options);
    expect(takeRuns(runs)).toEqual([...routes].sort());

    writeFileSync(join(root, 'content/post-7.md'), '# post 7, edited\n');
    const again = await buildSite(root, options);
    expect(takeRuns(runs)).toEqual(['/api/posts/post-7.txt']);
    expect(again.report).toMatchObject({ reused: 47, rendered: [{ route: '/api/posts/post-7.txt', reason: 'file content/post-7.md' }] });
    await expectCleanOutput(root, again.dir, runs, options);
  });
});
