import { describe, expect, it } from 'vitest';
import type { RouteRecord } from '../../src/cache/record.ts';
import { reasonToRender, type RenderReason, type ReuseFacts } from '../../src/cache/reuse.ts';

const record: RouteRecord = {
  route: '/api/posts/a.json',
  routeFile: 'api/posts/[slug].json.ts',
  code: 'code-1',
  reads: [['content/a.md', 'f:1']],
  through: ['src/server/routes/api/posts/[slug].json.ts'],
  network: false,
  env: false,
  file: 'api/posts/a.json',
  status: 200,
  contentType: 'application/json',
  bytes: 10,
  ms: 1,
  body: 'b',
  crc32: 7,
  stamp: 1,
};

/** Facts under which `record` is reused, with `over` changed. */
function facts(over: Partial<ReuseFacts> = {}, fingerprints: Record<string, string> = {}): ReuseFacts {
  return {
    routeFile: 'api/posts/[slug].json.ts',
    code: (file) => (file === 'api/posts/[slug].json.ts' ? 'code-1' : undefined),
    loadChange: () => undefined,
    fingerprint: (path, previous) => fingerprints[path] ?? previous,
    modules: () => ['src/lib/posts.ts', 'src/server/routes/api/posts/[slug].json.ts'],
    sharedChange: () => undefined,
    listedChange: () => undefined,
    reached: () => undefined,
    cacheKey: undefined,
    maxBodySize: 100,
    timeout: 1000,
    ...over,
  };
}

describe('reasonToRender', () => {
  const cases: [string, RouteRecord | undefined, ReuseFacts, RenderReason | undefined][] = [
    ['nothing changed: reused', record, facts(), undefined],
    ['no record: new', undefined, facts(), 'new'],
    ['--no-cache or a version: every route', record, facts({ everyRoute: 'no cache' }), 'no cache'],
    ['the config changed, and no build rendered it: new', undefined, facts({ everyRoute: 'config' }), 'new'],
    ['another route file answers it now', record, facts({ routeFile: 'api/posts/a.json.ts' }), 'code'],
    ['its code changed', record, facts({ code: () => 'code-2' }), 'code'],
    ['its body is over maxBodySize now', record, facts({ maxBodySize: 9 }), 'config'],
    ['it took longer than prerender.timeout is now', { ...record, ms: 1500 }, facts(), 'config'],
    ['a file it read changed', record, facts({}, { 'content/a.md': 'f:2' }), 'file content/a.md'],
    ['a file it read is gone', record, facts({}, { 'content/a.md': '-' }), 'file content/a.md'],
    ['a module it reaches read a changed file at load', record, facts({ loadChange: () => 'file data.json' }), 'file data.json'],
    ['a module it reaches read a changed variable at load', record, facts({ loadChange: () => 'env' }), 'env'],
    ['a module it read nothing through read a changed file for another route', record, facts({ sharedChange: (m) => (m === 'src/lib/posts.ts' ? 'data.json' : undefined) }), 'file data.json'],
    ['a module it read through itself: only its own reads count', record, facts({ sharedChange: (m) => (m.startsWith('src/server') ? 'content/b.md' : undefined) }), undefined],
    ['a module it read through itself, an entries read a changed file through', record, facts({ listedChange: (m) => (m.startsWith('src/server') ? 'posts.json' : undefined) }), 'file posts.json'],
    ['it reached the network', { ...record, network: true }, facts(), 'network'],
    ['it read the environment', { ...record, env: true }, facts(), 'env'],
    ['the load reached the network', record, facts({ loadChange: () => 'network' }), 'network'],
    ['a module it reaches, another route or an entries reached the network through', record, facts({ reached: (m) => (m === 'src/lib/posts.ts' ? 'network' : undefined) }), 'network'],
    ['a module it reaches, another route read the environment through', record, facts({ reached: (m) => (m === 'src/lib/posts.ts' ? 'env' : undefined) }), 'env'],
    ['a module shared with a route that reached the network, with an unchanged cacheKey: reused', { ...record, cacheKey: 'v1' }, facts({ cacheKey: 'v1', reached: () => 'network' }), undefined],
    ['network, with an unchanged cacheKey: reused', { ...record, network: true, env: true, cacheKey: 'v1' }, facts({ cacheKey: 'v1' }), undefined],
    ['network, with a changed cacheKey', { ...record, network: true, cacheKey: 'v1' }, facts({ cacheKey: 'v2' }), 'cacheKey'],
    ['a changed cacheKey renders a route that reached nothing', { ...record, cacheKey: 'v1' }, facts({ cacheKey: 'v2' }), 'cacheKey'],
    ['a cacheKey that appeared', record, facts({ cacheKey: 'v1' }), 'cacheKey'],
    ['an unchanged cacheKey does not hide a changed file', { ...record, cacheKey: 'v1' }, facts({ cacheKey: 'v1' }, { 'content/a.md': 'f:2' }), 'file content/a.md'],
  ];
  for (const [name, previous, now, expected] of cases) it(name, () => expect(reasonToRender(previous, now)).toBe(expected));
});
