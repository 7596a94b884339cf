/** What the log says changed when the last build's bundle is not used (src/cache/changed-inputs.ts). */
import { describe, expect, it } from 'vitest';
import { changedInputs } from '../../src/cache/changed-inputs.ts';

const head = ['tool 0.1.0 a', 'node 20 icu', 'config k1', 'sources dist/site/server', 'api-prerender node_modules/api-prerender', 'route api/a.ts  /api/a', 'route api/b.get.ts GET /api/b'];
const files = ['input src/server/routes/api/a.ts h1', 'input src/lib/format.ts h2', 'folder src/lib f1', 'folder . f2', 'file tsconfig.json t1', 'file package-lock.json l1'];
const before = [...head, ...files];
const replace = (lines: string[], from: string, to: string) => lines.map((line) => (line === from ? to : line));

describe('changedInputs', () => {
  it.each([
    ['a module', replace(before, 'input src/lib/format.ts h2', 'input src/lib/format.ts h9'), 'src/lib/format.ts changed'],
    ['the names in a folder', replace(before, 'folder src/lib f1', 'folder src/lib f9'), 'the listing of src/lib/ changed'],
    ['the names in the site root', replace(before, 'folder . f2', 'folder . f9'), 'the listing of the site root changed'],
    ['the lockfile', replace(before, 'file package-lock.json l1', 'file package-lock.json l9'), 'package-lock.json changed'],
    ['a tsconfig added', [...before, 'file tsconfig.base.json b1'], 'tsconfig.base.json added'],
    ['a module removed (no fingerprint)', replace(before, 'input src/lib/format.ts h2', 'input src/lib/format.ts -'), 'src/lib/format.ts removed'],
    ['api-prerender', replace(before, 'tool 0.1.0 a', 'tool 0.2.0 a'), 'api-prerender changed'],
    ['Node', replace(before, 'node 20 icu', 'node 22 icu'), 'Node changed'],
    ['the config', replace(before, 'config k1', 'config k2'), 'apiPrefix or routesDir changed'],
    ['a route file added', [...before, 'route api/c.ts  /api/c'], 'route file api/c.ts added'],
    ['a route file removed', before.filter((line) => !line.startsWith('route api/b.get.ts')), 'route file api/b.get.ts removed'],
    // Its module's line says the same: once, as a route file.
    ['a route file removed with its module', before.filter((line) => !line.startsWith('route api/a.ts') && !line.startsWith('input src/server/routes/api/a.ts')), 'route file api/a.ts removed'],
    ['a route file added with its module', [...before, 'route api/c.ts  /api/c', 'input src/server/routes/api/c.ts h5'], 'route file api/c.ts added'],
    ['a route file answering another method', replace(before, 'route api/b.get.ts GET /api/b', 'route api/b.get.ts  /api/b'), 'route file api/b.get.ts now answers every method'],
    ['a route file serving another path', replace(before, 'route api/a.ts  /api/a', 'route api/a.ts  /v2/a'), 'route file api/a.ts now serves /v2/a'],
  ])('%s', (_what, now, says) => {
    expect(changedInputs(before, now)).toBe(says);
  });

  it('a module there now that was missing', () => {
    const missing = replace(before, 'input src/lib/format.ts h2', 'input src/lib/format.ts -');
    expect(changedInputs(missing, before)).toBe('src/lib/format.ts added');
  });

  it('names the route table\'s changes first', () => {
    const now = [...replace(before, 'input src/lib/format.ts h2', 'input src/lib/format.ts h9'), 'route api/c.ts  /api/c'];
    expect(changedInputs(before, now)).toBe('route file api/c.ts added, src/lib/format.ts changed');
  });

  it('names a new apiPrefix first, then the paths it moved (no route file changed)', () => {
    const now = replace(replace(replace(before, 'config k1', 'config k2'), 'route api/a.ts  /api/a', 'route api/a.ts  /v2/a'), 'route api/b.get.ts GET /api/b', 'route api/b.get.ts GET /v2/b');
    expect(changedInputs(before, now)).toBe('apiPrefix or routesDir changed, route file api/a.ts now serves /v2/a, route file api/b.get.ts now serves /v2/b');
  });

  it('names three, then counts the rest', () => {
    const now = before.map((line) => (line.startsWith('input') || line.startsWith('folder') ? `${line}x` : line));
    expect(changedInputs(before, now)).toBe('src/server/routes/api/a.ts changed, src/lib/format.ts changed, the listing of src/lib/ changed and 1 more input');
  });

  it('the same lines in another order: no input named', () => {
    expect(changedInputs(before, [...before].reverse())).toBe('its inputs were read in another order');
  });
});
