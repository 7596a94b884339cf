import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFormat, indexFile, openCache, outputCacheDir, writeIndex, type CacheIndex } from '../../src/cache/cache-index.ts';
import { newCacheName } from '../../src/cache/cache-names.ts';
import { createRecordsWriter } from '../../src/cache/records-file.ts';
import { tempDir } from '../support/helpers.ts';

/** A cache folder with one index over one record; returns the folder, the index file and the index. */
function writeCache(dir = tempDir('cache-')) {
  const name = newCacheName('records', '.jsonl');
  const writer = createRecordsWriter(join(dir, name));
  writer.add({ route: '/a', routeFile: 'a.ts', code: 'c', reads: [], through: [], network: false, env: false, file: 'a', status: 200, contentType: 'text/plain', bytes: 1, ms: 1, body: 'b', crc32: 7, stamp: 1 });
  const index: CacheIndex = {
    tool: 'api-prerender',
    format: cacheFormat,
    key: { tool: '0.1.0 x', h3: '2.0.8', node: '20 icu 77', config: 'k', locale: 'en-US UTC' },
    routes: 'table',
    records: { file: name, ...writer.finish() },
    modules: { modules: { 'src/a.ts': { load: [['data.json', 'f:1']] } }, network: false },
    bundle: { key: 'k', sources: 's', lines: ['tool t'], facts: { routes: { 'a.ts': { code: 'c', modules: ['src/a.ts'], cacheKey: true } }, inputs: ['src/a.ts'], assets: {}, h3: '2.0.8' }, dir: newCacheName('server'), files: [['index.mjs', 'h']] },
    stamp: 1_700_000_000_000,
  };
  const file = indexFile(dir);
  writeIndex(file, index, undefined);
  return { dir, file, index };
}

describe('the cache index', () => {
  it('is a folder per output: the site, or a shard of it', () => {
    expect(outputCacheDir('/c/site', undefined)).toBe('/c/site/build');
    expect(outputCacheDir('/c/site', { index: 1, count: 1 })).toBe('/c/site/build');
    expect(outputCacheDir('/c/site', { index: 2, count: 3 })).toBe('/c/site/shard-2-of-3');
    expect(indexFile('/c/site/build')).toBe('/c/site/build/index.json');
  });

  it('opens the cache it names; none is a first build', () => {
    const { dir, file, index } = writeCache();
    const found = openCache(dir);
    expect(found && 'index' in found && found.index).toEqual(index);
    expect(found && 'records' in found && found.records.find('/a')?.file).toBe('a');
    expect(openCache(join(dir, 'nothing-here'))).toBeUndefined();
    expect(file).toBe(join(dir, 'index.json'));
  });

  it('is ignored, with the reason, when it is garbage, foreign, of another format, or its records are cut short or gone', () => {
    const garbage = writeCache();
    writeFileSync(garbage.file, readFileSync(garbage.file).subarray(0, 40));
    expect(openCache(garbage.dir)).toEqual({ ignored: expect.stringMatching(/not one this api-prerender wrote/) });

    for (const change of [{ tool: 'astro' }, { format: cacheFormat + 1 }, { records: { file: '../../etc/passwd', hash: 'x', bytes: 1, count: 1 } }, { modules: { modules: { a: { load: [[1]] } }, network: false } }, { bundle: { ...garbage.index.bundle, dir: '../elsewhere' } }, { bundle: { ...garbage.index.bundle, files: [['../../x', 'h']] } }, { stamp: 'now' }]) {
      const foreign = writeCache();
      writeFileSync(foreign.file, JSON.stringify({ ...foreign.index, ...change }));
      expect(openCache(foreign.dir), JSON.stringify(change)).toEqual({ ignored: expect.stringMatching(/not one this api-prerender wrote/) });
    }

    const cut = writeCache();
    const records = join(cut.dir, cut.index.records.file);
    writeFileSync(records, readFileSync(records).subarray(0, 10));
    expect(openCache(cut.dir)).toEqual({ ignored: expect.stringMatching(/missing, cut short or altered/) });
    writeFileSync(records, 'garbage\n'.repeat(100));
    expect(openCache(cut.dir)).toEqual({ ignored: expect.stringMatching(/missing, cut short or altered/) });
  });

  it('replaces the index by a rename, and removes the records file it no longer names', () => {
    const { dir, file, index } = writeCache();
    const next = writeCache(dir);
    expect(existsSync(join(dir, index.records.file))).toBe(true);
    writeIndex(file, next.index, index.records.file);
    expect(readdirSync(dir).sort()).toEqual(['index.json', next.index.records.file]);
  });
});
