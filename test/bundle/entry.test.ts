import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { generateEntry, mayExport } from '../../src/bundle/entry.ts';
import { fileToRoute } from '../../src/routes/file-to-route.ts';

const routes = [
  'api/index.ts',
  'api/v1/hello.ts',
  'api/v1/users/[id].get.ts',
  'api/v1/users.post.ts',
  'api/posts/[slug].json.ts',
  'api/[...].ts',
  'rss.xml.ts',
  "(legal)/terms's.mjs",
].map((file) => fileToRoute(file, 'api')!);

describe('generateEntry', () => {
  const source = generateEntry(routes);

  it('matches the snapshot', async () => {
    await expect(source).toMatchFileSnapshot('./__snapshots__/entry.js');
  });

  it('imports every route file exactly once, relative to routesDir, and wires it into the table', () => {
    const imports = [...source.matchAll(/^import (route(\d+)), \* as (module\2) from (".*");$/gm)].map((m) => [m[1], m[3], JSON.parse(m[4])]);
    expect(imports.map(([, , file]) => file)).toEqual(routes.map((route) => './' + route.file));
    for (const [name, namespace, file] of imports) {
      // The handler and the file's `entries` and `cacheKey` exports come from the same import.
      const rows = source.split('\n').filter((line) => line.includes(`handler: ${name}, entries: ${namespace}.entries, cacheKey: ${namespace}.cacheKey }`));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(`file: ${JSON.stringify(file.slice(2))}`);
    }
  });

  it('reads only the exports a file may have: no MISSING_EXPORT for Rollup to place for the others', () => {
    const [plain, listing] = [routes[0]!.file, routes[4]!.file];
    const may = (file: string) => ({ entries: file === listing, cacheKey: false });
    const lean = generateEntry([routes[0]!, routes[4]!], may);
    expect(lean).toContain(`import route0 from ${JSON.stringify('./' + plain)};`);
    expect(lean).toContain(`import route1, * as module1 from ${JSON.stringify('./' + listing)};`);
    expect(lean).toContain(`file: ${JSON.stringify(plain)}, handler: route0 },`);
    expect(lean).toContain(`file: ${JSON.stringify(listing)}, handler: route1, entries: module1.entries },`);
  });

  it.each([
    ['export default defineEventHandler(() => 1);', { entries: false, cacheKey: false }],
    ['export const entries = () => [];', { entries: true, cacheKey: false }],
    ['export { keyOf as cacheKey };', { entries: false, cacheKey: true }],
    ["export * from './shared';", { entries: true, cacheKey: true }],
    ['// lists no entries', { entries: true, cacheKey: false }],
  ])('tells whether %j may export entries or cacheKey', (source, expected) => {
    expect(mayExport(source)).toEqual(expected);
  });

  it('keeps the table in the given order with methods and router paths', () => {
    const table = [...source.matchAll(/\{ method: (".*?"), path: (".*?"), file: (".*?"), handler: route(\d+), entries: module\4\.entries, cacheKey: module\4\.cacheKey \}/g)];
    expect(table.map((m) => [JSON.parse(m[1]), JSON.parse(m[2]), Number(m[4])])).toEqual(routes.map((r, i) => [r.method, r.path, i]));
  });

  it('is a valid module whatever the file names hold', () => {
    const odd = [{ file: 'api/a"b\\c\u2028\'${x}`.ts', method: '', path: '/api/a"b\\c' }];
    const ast = parseAst(generateEntry(odd)) as unknown as { body: { type: string; source?: { value: string } }[] };
    const sources = ast.body.filter((node) => node.type === 'ImportDeclaration').map((node) => node.source!.value);
    expect(sources).toEqual(['api-prerender/runtime', './' + odd[0].file]);
    expect(() => parseAst(source)).not.toThrow();
  });

  it('exports routes, app, fetch, serve and routesApp from one runtime import', () => {
    expect(source.match(/from "api-prerender\/runtime"/g)).toHaveLength(1);
    for (const name of ['routes', 'app', 'fetch', 'serve', 'routesApp']) expect(source).toMatch(new RegExp(`^export const ${name} = `, 'm'));
  });

  it('is an empty table without routes', () => {
    expect(generateEntry([])).toContain('export const routes = [\n];');
  });
});
