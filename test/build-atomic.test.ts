/** Atomic output: a failed build leaves the previous dist/<name> byte-identical and no staging folder. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchError } from './support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from './support/helpers.ts';
import { leftovers, snapshotTree } from './support/tree-snapshot.ts';

const api = 'src/server/routes/api';

describe('a build that fails after a good one', () => {
  const outDir = tempDir('out-');
  let root: string;
  let dir: string;
  let before: Record<string, string>;

  const restoreRoutes = () => {
    writeFileSync(join(root, api, 'about.txt.ts'), route(`() => 'about us'`));
    rmSync(join(root, api, 'about.txt.mjs'), { force: true });
  };

  beforeAll(async () => {
    root = writeSite({
      [`${api}/news.json.ts`]: route(`() => ({ edition: 1 })`),
      [`${api}/about.txt.ts`]: route(`() => 'about us'`),
      'public/robots.txt': 'User-agent: *\n',
      'prerender.config.mjs': `export default { name: 'atomic', prerender: { routes: ['/api/news.json', '/api/about.txt'], sitemap: { host: 'https://example.com' } } };`,
    });
    ({ dir } = await buildSite(root, { config: { outDir } }));
    before = snapshotTree(dir);
  });

  it.each([
    {
      breakage: 'a route that fails',
      code: 'ROUTES_FAILED',
      edit: () => writeFileSync(join(root, api, 'about.txt.ts'), route(`() => { throw createError({ statusCode: 503, statusMessage: 'Down' }); }`, 'defineEventHandler, createError')),
    },
    {
      breakage: 'a syntax error',
      code: 'COMPILE',
      edit: () => writeFileSync(join(root, api, 'about.txt.ts'), `export default () => {\n  return 'unclosed;\n`),
    },
    {
      breakage: 'a route file clash',
      code: 'ROUTE_CONFLICT',
      edit: () => writeFileSync(join(root, api, 'about.txt.mjs'), route(`() => 'twice'`)),
    },
  ])('$breakage ($code) leaves the previous output byte-identical and nothing beside it', async ({ code, edit }) => {
    restoreRoutes();
    // Every failing build also changes a route that works, so a half-swapped output would show.
    writeFileSync(join(root, api, 'news.json.ts'), route(`() => ({ edition: 2 })`));
    edit();
    const error = await catchError(() => buildSite(root, { config: { outDir } }));
    expect(error.code).toBe(code);
    expect(snapshotTree(dir)).toEqual(before);
    expect(leftovers(outDir, 'atomic')).toEqual([]);
  });

  it('is replaced whole by the next good build', async () => {
    restoreRoutes();
    writeFileSync(join(root, api, 'news.json.ts'), route(`() => ({ edition: 2 })`));
    await buildSite(root, { config: { outDir } });
    expect(readFileSync(join(dir, 'public/api/news.json'), 'utf8')).toBe('{"edition":2}');
    expect(readFileSync(join(dir, 'public/api/about.txt'), 'utf8')).toBe('about us');
    expect(leftovers(outDir, 'atomic')).toEqual([]);
  });
});
