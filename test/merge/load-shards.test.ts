/**
 * The shards merge reads (src/merge/load-shards.ts): the files their routes wrote are claimed together, so
 * routes that clash only across shards, or with the sitemap parts the shards need together, fail the
 * merge as they would fail one build.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merge, type Shard } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { claimRouteFiles, type LoadedShard } from '../../src/merge/load-shards.ts';
import { shardOf } from '../../src/shard/shard.ts';
import { catchError, catchErrorSync } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

const shards = (count: number): Shard[] => Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe('routes that clash only across shards', () => {
  it('fail the merge as they fail one build, naming both routes, and nothing is written', async () => {
    // Two routes whose files differ only in letter case, chosen so that they land in different shards.
    const names = Array.from({ length: 50 }, (_, i) => `Data${i}`);
    const name = names.find((candidate) => shardOf(`/api/x/${candidate}.json`, 2) !== shardOf(`/api/x/${candidate.toLowerCase()}.json`, 2))!;
    const routes = [`/api/x/${name}.json`, `/api/x/${name.toLowerCase()}.json`];
    const root = writeSite({
      'src/server/routes/api/x/[name].json.ts': route(`(event) => ({ name: getRouterParam(event, 'name') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'clash', prerender: { routes: ${JSON.stringify(routes)} } };`,
    });
    const shardOut = tempDir('shards-');
    for (const shard of shards(2)) await buildSite(root, { shard, config: { outDir: shardOut } });

    const outDir = tempDir('merged-');
    const error = await catchError(() => merge({ shardDirs: readdirSync(shardOut).map((dir) => join(shardOut, dir)), outDir, logger: createMemoryLogger() }));
    expect(error.code).toBe('OUTPUT_CLASH');
    expect(error.message).toContain(`route "${routes[0]}"`);
    expect(error.message).toContain(`route "${routes[1]}"`);
    expect(existsSync(join(outDir, 'clash'))).toBe(false);
  });
});

describe('sitemap parts in a merge', () => {
  /** Shard `index` of 2 as merge reads it: `urls` sitemap URLs, and routes that wrote `files`. */
  const loaded = (index: number, urls: number, files: string[]): LoadedShard => ({
    dir: `/shards/${index}`,
    info: {
      version: 1,
      name: 'big',
      shard: { index, count: 2 },
      routes: 'fingerprint',
      total: 2 * urls,
      sitemapHost: 'https://example.com',
      preset: 'static',
      mistypedFiles: 'error',
      sitemap: Array.from({ length: urls }, (_, i) => ({ route: `/p/${index}/${i}`, fields: {} })),
      generated: ['sitemap.xml'],
      headersBase: null,
      failures: [],
    },
    entries: files.map((file) => ({ route: `/${file}`, file, status: 200, contentType: 'application/xml', bytes: 1, ms: 0 })),
  });

  it('a route writing sitemap-2.xml clashes when the shards together need parts, as in one build', () => {
    // 30,000 URLs each: no shard alone needs parts, both together do (over 50,000).
    const error = catchErrorSync(() => claimRouteFiles([loaded(1, 30_000, ['sitemap-2.xml']), loaded(2, 30_000, [])]));
    expect(error.code).toBe('OUTPUT_CLASH');
    expect(error.message).toBe('the sitemap (prerender.sitemap.host) and route "/sitemap-2.xml" both write sitemap-2.xml.');
  });

  it('is no clash while one sitemap file holds every URL', () => {
    expect(() => claimRouteFiles([loaded(1, 100, ['sitemap-2.xml']), loaded(2, 100, [])])).not.toThrow();
  });
});

describe('shards of different bundles', () => {
  it('are refused, naming a data file copied beside the bundle as a likely reason', async () => {
    const root = writeSite({
      'src/server/routes/api/items/[id].json.ts': `import { readFileSync } from 'node:fs';\nimport { defineEventHandler, getRouterParam } from 'h3';\nconst items = JSON.parse(readFileSync(new URL('../../../data/items.json', import.meta.url), 'utf8'));\nexport default defineEventHandler((event) => items[getRouterParam(event, 'id')!]);\n`,
      'src/server/data/items.json': '{"1": "one", "2": "two"}',
      'prerender.config.mjs': "export default { name: 'items', prerender: { routes: ['/api/items/1.json', '/api/items/2.json'] } };",
    });
    const outDir = tempDir('shards-');
    await buildSite(root, { shard: { index: 1, count: 2 }, config: { outDir } });
    writeFileSync(join(root, 'src/server/data/items.json'), '{"1": "one", "2": "deux"}');
    await buildSite(root, { shard: { index: 2, count: 2 }, config: { outDir } });
    const error = await catchError(() => merge({ shardDirs: readdirSync(outDir).map((name) => join(outDir, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() }));
    expect(error.message).toMatch(/holds another server bundle than .*: the shards were built from different code, or different files copied beside it \(new URL\(\.\.\., import\.meta\.url\): a data file changed between the shards' builds\)\.$/);
    expect(error.hint).toBe('Build every shard from the same commit, with the same data files.');
  });
});
