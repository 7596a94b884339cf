/**
 * Rollup's cache made without the modules' syntax trees (bundle/cache-without-trees.ts): Rollup 4
 * parses every module again to put them in `bundle.cache`, and the cache a build keeps drops them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rollup, type Plugin, type RollupCache } from 'rollup';
import { describe, expect, it } from 'vitest';
import { bundleServer } from '../../src/bundle/bundle-server.ts';
import { cacheWithoutTrees } from '../../src/bundle/cache-without-trees.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

/** Rollup's cache of a two-module bundle written to disk, made with `plugins`, and the bundle's text. */
async function cacheOf(plugins: Plugin[], cache?: RollupCache) {
  const root = writeSite({ 'main.js': "import { two } from './two.js';\nexport default two + 1;\n", 'two.js': 'export const two = 2;\n' });
  const file = join(tempDir('out-'), 'out.mjs');
  const bundle = await rollup({ input: join(root, 'main.js'), plugins, cache: cache ?? true });
  await bundle.write({ file, format: 'es' });
  const made = bundle.cache!;
  await bundle.close();
  return { cache: made, code: readFileSync(file, 'utf8') };
}

describe("Rollup's cache without syntax trees", () => {
  it('holds no tree for any module, where Rollup alone puts one in for every module', async () => {
    const plain = await cacheOf([]);
    expect(plain.cache.modules.map((module) => typeof module.ast)).toEqual(['object', 'object']);
    expect(plain.cache.modules.every((module) => module.ast !== null)).toBe(true);
    const lean = await cacheOf([cacheWithoutTrees()]);
    expect(lean.cache.modules.map((module) => module.ast)).toEqual([null, null]);
    expect(lean.cache.modules.map((module) => module.code)).toEqual(plain.cache.modules.map((module) => module.code));
    expect(lean.code).toBe(plain.code);
  });

  it('is read back by Rollup, which parses the modules again: the same bundle', async () => {
    const first = await cacheOf([cacheWithoutTrees()]);
    const again = await cacheOf([cacheWithoutTrees()], first.cache);
    expect(again.code).toBe(first.code);
  });

  it("is what a site's bundle gives when a cache is asked for", async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': "import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'a');\n" });
    const config = await resolveConfig({}, root);
    const { cache } = await bundleServer({ config, logger: createMemoryLogger() }, join(tempDir('out-'), 'server', 'index.mjs'), true);
    const modules = cache!().modules;
    expect(modules.length).toBeGreaterThan(1);
    expect(modules.every((module) => module.ast === null)).toBe(true);
  });
});
