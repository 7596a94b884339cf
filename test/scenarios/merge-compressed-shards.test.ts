/** `compress` with `prerender build --shard` and `prerender merge`: the merged output equals one unsharded build. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merge } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { compressSite } from '../support/compress-site.ts';
import { buildSite, tempDir } from '../support/helpers.ts';
import { outputTree, snapshotTree } from '../support/tree-snapshot.ts';

const now = () => 0;

describe('compress across shards', () => {
  it('merges into the same bytes as one build: every copy, and the manifest listing them', async () => {
    const root = compressSite();
    const unsharded = (await buildSite(root, { now })).dir;
    const shardOut = tempDir('shards-');
    for (const index of [1, 2]) await buildSite(root, { now, shard: { index, count: 2 }, config: { outDir: shardOut } });
    const merged = (await merge({ shardDirs: readdirSync(shardOut).map((name) => join(shardOut, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() })).dir;
    const expected = outputTree(unsharded);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['public/api/feed.json.gz', 'public/sitemap.xml.gz', 'public/app.js.br']));
    expect(snapshotTree(merged)).toEqual(expected);
  });

  it('refuses shards built with different compress settings', async () => {
    const shardOut = tempDir('shards-');
    await buildSite(compressSite(), { shard: { index: 1, count: 2 }, config: { outDir: shardOut } });
    await buildSite(compressSite("compress: ['gzip']"), { shard: { index: 2, count: 2 }, config: { outDir: shardOut } });
    const error = await catchError(() => merge({ shardDirs: readdirSync(shardOut).map((name) => join(shardOut, name)), outDir: tempDir('merged-'), logger: createMemoryLogger() }));
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain(`another build than ${join(shardOut, 'packed.shard-1-of-2')}: compress ["gzip"], not`);
  });
});
