/**
 * The cache across builds (cache/build-cache.ts), with the prerender's part played here: each
 * "build" asks for its routes in order, renders (writes a body and notes what it read) or reuses,
 * and commits. The end-to-end scenarios through build() are in test/scenarios/build-with-cache*.test.ts.
 */
import { closeSync, cpSync, existsSync, futimesSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BundleFacts } from '../../src/bundle/bundle-facts.ts';
import { reuseBody, storeBody, storedBodyPath } from '../../src/cache/body-store.ts';
import { createBuildCache, type BuildCacheOptions } from '../../src/cache/build-cache.ts';
import { openCache } from '../../src/cache/cache-index.ts';
import { newCacheName } from '../../src/cache/cache-names.ts';
import { createFingerprints } from '../../src/cache/fingerprint.ts';
import type { StoredBundle } from '../../src/cache/stored-bundle.ts';
import { contentHash } from '../../src/cache/hash.ts';
import { LoadLog, RouteLog } from '../../src/cache/read-log.ts';
import type { RenderReason } from '../../src/cache/reuse.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const stamp = 1_700_000_000_000;
const facts: BundleFacts = {
  routes: { 'api/[slug].ts': { code: 'code-1', modules: ['src/server/routes/api/[slug].ts'] } },
  inputs: [],
  assets: {},
};
const bundle: StoredBundle = { key: 'k', sources: 's', lines: [], facts, dir: newCacheName('server'), files: [] };

/** One build of the routes `slugs`: each reads `content/<slug>.md` and answers it; what happened to each. */
function buildOnce(root: string, cacheDir: string, slugs: string[], over: Partial<BuildCacheOptions> = {}) {
  const out = join(tempDir('out-'), 'public');
  mkdirSync(cacheDir, { recursive: true });
  const found = openCache(cacheDir);
  const previous = found && 'index' in found ? found : undefined;
  const cache = createBuildCache({ dir: cacheDir, previous, root, key: { tool: 't', h3: '2', node: '20', config: 'c', locale: 'en-US UTC' }, routeTable: 'table', facts, serverDir: join(out, '..', 'server'), maxBodySize: 1e6, timeout: 30_000, stamp, fingerprints: createFingerprints(), sameBundle: true, ...over });
  const outcome: Record<string, RenderReason | 'reused'> = {};
  for (const slug of slugs) {
    const route = `/api/${slug}`;
    const file = join(out, 'api', slug);
    mkdirSync(join(file, '..'), { recursive: true });
    const decision = cache.decide(cache.lookup(route), { routeFile: 'api/[slug].ts', cacheKey: undefined });
    if ('reuse' in decision) {
      reuseBody(decision.stored, file, stamp);
      cache.add(decision.reuse);
      outcome[route] = 'reused';
      continue;
    }
    outcome[route] = decision.reason;
    const log = new RouteLog();
    log.file('src/server/routes/api/[slug].ts', join(root, 'content', `${slug}.md`));
    const body = readFileSync(join(root, 'content', `${slug}.md`));
    const fd = openSync(file, 'w');
    writeSync(fd, body);
    futimesSync(fd, stamp / 1000, stamp / 1000);
    closeSync(fd);
    const output = { route, routeFile: 'api/[slug].ts', file: `api/${slug}`, status: 200, contentType: 'text/markdown', bytes: body.byteLength, ms: 1, body: contentHash(body), crc32: 7 };
    const { record, stored } = cache.recordOf(output, log, undefined);
    storeBody(file, stored, stamp);
    cache.add(record);
  }
  cache.commit(bundle, new LoadLog());
  return { outcome, ignored: found && 'ignored' in found ? found.ignored : undefined, out };
}

const site = () => writeSite({ 'content/a.md': '# a', 'content/b.md': '# b', 'content/c.md': '# c' });

describe('the cache across builds', () => {
  it('reuses what did not change, renders what did with the reason, and forgets routes gone', () => {
    const root = site();
    const cacheDir = join(root, 'node_modules', '.cache', 'api-prerender', 'site');
    expect(buildOnce(root, cacheDir, ['a', 'b', 'c']).outcome).toEqual({ '/api/a': 'new', '/api/b': 'new', '/api/c': 'new' });
    const again = buildOnce(root, cacheDir, ['a', 'b', 'c']);
    expect(again.outcome).toEqual({ '/api/a': 'reused', '/api/b': 'reused', '/api/c': 'reused' });
    expect(readFileSync(join(again.out, 'api', 'b'), 'utf8')).toBe('# b');

    writeFileSync(join(root, 'content', 'b.md'), '# b, edited');
    expect(buildOnce(root, cacheDir, ['a', 'b']).outcome).toEqual({ '/api/a': 'reused', '/api/b': 'file content/b.md' });
    // c is gone: its stored body with it. Asked for again, it is new.
    expect(existsSync(storedBodyPath(cacheDir, '/api/c'))).toBe(false);
    const last = buildOnce(root, cacheDir, ['a', 'b', 'c']);
    expect(last.outcome).toEqual({ '/api/a': 'reused', '/api/b': 'reused', '/api/c': 'new' });
    expect(readFileSync(join(last.out, 'api', 'b'), 'utf8')).toBe('# b, edited');
  });

  it('renders every route with the reason when a version or the config changed, or the code of the route file did', () => {
    const root = site();
    const cacheDir = join(tempDir('cache-'), 'site');
    buildOnce(root, cacheDir, ['a']);
    expect(buildOnce(root, cacheDir, ['a'], { key: { tool: 't', h3: '3', node: '20', config: 'c', locale: 'en-US UTC' } }).outcome).toEqual({ '/api/a': 'code' });
    expect(buildOnce(root, cacheDir, ['a'], { key: { tool: 't', h3: '3', node: '20', config: 'other', locale: 'en-US UTC' } }).outcome).toEqual({ '/api/a': 'config' });
    // Dates and numbers format in the default locale and time zone (LANG, TZ): another renders every route.
    expect(buildOnce(root, cacheDir, ['a'], { key: { tool: 't', h3: '3', node: '20', config: 'other', locale: 'de-DE Asia/Tokyo' } }).outcome).toEqual({ '/api/a': 'locale' });
    const changed = { ...facts, routes: { 'api/[slug].ts': { code: 'code-2', modules: [] } } };
    expect(buildOnce(root, cacheDir, ['a'], { key: { tool: 't', h3: '3', node: '20', config: 'other', locale: 'de-DE Asia/Tokyo' }, facts: changed }).outcome).toEqual({ '/api/a': 'code' });
  });

  it('works from a copy of the site and its cache in other folders (a CI cache restored elsewhere)', () => {
    const root = site();
    buildOnce(root, join(root, '.cache', 'site'), ['a', 'b']);
    const copy = join(tempDir('ci-'), 'checkout');
    cpSync(root, copy, { recursive: true });
    expect(buildOnce(copy, join(copy, '.cache', 'site'), ['a', 'b']).outcome).toEqual({ '/api/a': 'reused', '/api/b': 'reused' });
  });

  it('renders a route whose stored body was changed in place through the published file', () => {
    const root = site();
    const cacheDir = join(tempDir('cache-'), 'site');
    const { out } = buildOnce(root, cacheDir, ['a', 'b']);
    // A tool rewriting the published file in place writes the inode the cache holds.
    writeFileSync(join(out, 'api', 'a'), '# A, minified');
    const next = buildOnce(root, cacheDir, ['a', 'b']);
    expect(next.outcome).toEqual({ '/api/a': 'output', '/api/b': 'reused' });
    expect(readFileSync(join(next.out, 'api', 'a'), 'utf8')).toBe('# a');
  });

  it('ignores a cache cut short or filled with garbage, with the reason, and writes a good one', () => {
    const root = site();
    const cacheDir = join(tempDir('cache-'), 'site');
    buildOnce(root, cacheDir, ['a', 'b']);
    const index = join(cacheDir, 'index.json');
    writeFileSync(index, readFileSync(index).subarray(0, 30));
    const cut = buildOnce(root, cacheDir, ['a', 'b']);
    expect(cut.ignored).toMatch(/index .*index\.json is not one this api-prerender wrote/);
    expect(cut.outcome).toEqual({ '/api/a': 'new', '/api/b': 'new' });
    const records = JSON.parse(readFileSync(index, 'utf8')).records.file;
    writeFileSync(join(cacheDir, records), 'garbage\n'.repeat(10));
    const garbage = buildOnce(root, cacheDir, ['a', 'b']);
    expect(garbage.ignored).toMatch(/records file .* is missing, cut short or altered/);
    expect(buildOnce(root, cacheDir, ['a', 'b'])).toMatchObject({ ignored: undefined, outcome: { '/api/a': 'reused', '/api/b': 'reused' } });
  });
});
