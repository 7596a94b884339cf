/**
 * Rollup's cache kept between builds (cache/rollup-cache.ts): real bundles of a small site, the cache
 * written after one and read for the next, and what makes it unusable or leaves a module out of it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleServer } from '../../src/bundle/bundle-server.ts';
import { readRollupCache, writeRollupCache, type RollupCacheFile } from '../../src/cache/rollup-cache.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';

const site = () =>
  writeSite({
    'src/lib/greet.js': "export const greet = (name) => 'hello ' + name;\n",
    'src/server/routes/api/a.ts': route("() => greet('a')", 'defineEventHandler').replace("from 'h3';", "from 'h3';\nimport { greet } from '../../../lib/greet.js';"),
    'src/server/routes/api/b.ts': route("() => new URL('../../../data.txt', import.meta.url).pathname"),
    'src/data.txt': 'data',
  });

/** Bundles `root` from the cache in `at` (none when unusable), keeps the new one there; the bundle's text. */
async function bundleWith(root: string, at: RollupCacheFile) {
  const config = await resolveConfig({}, root);
  const from = readRollupCache(at, root);
  const out = join(tempDir('out-'), 'server', 'index.mjs');
  const { cache } = await bundleServer({ config, logger: createMemoryLogger() }, out, from ?? true);
  writeRollupCache(at, root, cache!());
  return { from, code: readFileSync(out, 'utf8') };
}

describe("Rollup's cache between builds", () => {
  it('is read back for the same key, without the modules a transform read beside, and gives the bundle a fresh one gives', async () => {
    const root = site();
    const at = { file: join(tempDir('cache-'), 'rollup.cache'), key: 'k1' };
    const first = await bundleWith(root, at);
    expect(first.from).toBeUndefined();
    const again = await bundleWith(root, at);
    const ids = again.from!.modules.map((module) => module.id);
    expect(ids).toContain(join(root, 'src/lib/greet.js'));
    // b.ts has a `new URL(..., import.meta.url)`: its copy is emitted by its transform, run again.
    expect(ids).not.toContain(join(root, 'src/server/routes/api/b.ts'));
    expect(again.code).toBe(first.code);

    writeFileSync(join(root, 'src/lib/greet.js'), "export const greet = (name) => 'hi ' + name;\n");
    const edited = await bundleWith(root, at);
    expect(edited.from).toBeDefined();
    expect(edited.code).toContain("'hi ' + name");
  });

  it('is no cache under another key, with a file beside the modules (an import may resolve to it), or unreadable', async () => {
    const root = site();
    const at = { file: join(tempDir('cache-'), 'rollup.cache'), key: 'k1' };
    await bundleWith(root, at);
    expect(readRollupCache({ ...at, key: 'k2' }, root)).toBeUndefined();
    expect(readRollupCache(at, root)).toBeDefined();
    mkdirSync(join(root, 'src/lib/greet'));
    expect(readRollupCache(at, root)).toBeUndefined();
    writeFileSync(at.file, 'not a cache');
    expect(readRollupCache(at, root)).toBeUndefined();
  });
});
