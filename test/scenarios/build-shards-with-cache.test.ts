/**
 * A sharded build with the cache, as a CI matrix runs it: each shard keeps a cache of its own (its
 * own folder in cacheDir, so shards built at once on one machine never meet), a rebuild renders in
 * each shard only what changed there, and `prerender merge` of the shards equals the merge of clean
 * shard builds of the same inputs, byte for byte.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merge } from '../../src/merge/merge.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { shardOf } from '../../src/shard/shard.ts';
import { buildSite, tempDir } from '../support/helpers.ts';
import { cacheSiteRoutes, readOutput, startSource, takeRuns, writeCacheSite } from '../support/cache-site.ts';

let source: Awaited<ReturnType<typeof startSource>>;
beforeAll(async () => void (source = await startSource()));
afterAll(() => source.close());

const shards = [1, 2].map((index) => ({ index, count: 2 }));

/** Builds both shards of `root` at once into one output folder, and merges them. */
async function buildAndMerge(root: string, cache = true) {
  const outDir = tempDir('shards-');
  const built = await Promise.all(shards.map((shard) => buildSite(root, { shard, config: { outDir, cache } })));
  const merged = await merge({ shardDirs: readdirSync(outDir).map((name) => join(outDir, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() });
  return { reports: built.map(({ report }) => report), dir: merged.dir };
}

describe('shards with the cache', () => {
  it('each reuse their own routes, render what changed in them, and merge into a clean build', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const root = writeCacheSite(runs, source.url);
    const first = await buildAndMerge(root);
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(first.reports.map((report) => report.reused)).toEqual([0, 0]);
    expect(readdirSync(join(root, 'node_modules/.cache/api-prerender/cached')).filter((name) => name.startsWith('shard-')).sort()).toEqual(['shard-1-of-2', 'shard-2-of-2']);

    writeFileSync(join(root, 'content/about.md'), '# About us\n');
    const again = await buildAndMerge(root);
    expect(takeRuns(runs)).toEqual(['/api/about.txt', '/api/env.txt', '/api/live.json']);
    const aboutShard = shardOf('/api/about.txt', 2) - 1;
    expect(again.reports[aboutShard]!.rendered).toContainEqual({ route: '/api/about.txt', reason: 'file content/about.md' });
    expect(again.reports[0]!.reused + again.reports[1]!.reused).toBe(7);

    const clean = await buildAndMerge(root, false);
    takeRuns(runs);
    expect(readOutput(again.dir)).toEqual(readOutput(clean.dir));
  });
});
