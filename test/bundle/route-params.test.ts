/**
 * A route file reading a param its route does not have (src/bundle/route-params.ts): warned at its
 * place in the source, on every build (the cached module too), and by the dev server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { paramsOf } from '../../src/bundle/route-params.ts';
import { buildSite, tempDir, writeSite } from '../support/helpers.ts';
import { pollUntil } from '../support/poll.ts';

const files = {
  'src/server/routes/api/users/[id].ts': [
    `import { defineEventHandler, getRouterParam, type H3Event } from 'h3';`,
    `interface User { id: string }`,
    `export default defineEventHandler((event: H3Event): User => ({ id: getRouterParam(event, 'slug')! }));`,
  ].join('\n'),
  'src/server/routes/api/shelves/[shelf]/[book].ts': [
    `import * as h3 from 'h3';`,
    `export default h3.defineEventHandler((event) => h3.getRouterParam(event, 'shelf') + '/' + h3.getRouterParam(event, 'bok'));`,
  ].join('\n'),
  'src/server/routes/api/about.ts': `import { defineEventHandler, getRouterParam } from 'h3';\nexport default defineEventHandler((event) => getRouterParam(event, 'id') ?? 'about');`,
  'src/server/routes/docs/[...slug].ts': `import { defineEventHandler, getRouterParam } from 'h3';\nexport default defineEventHandler((event) => getRouterParam(event, 'slug'));`,
};

const expected = [
  "warning src/server/routes/api/about.ts:2:46: getRouterParam(event, 'id') is undefined on every request: route /api/about has no params (a param is a [name] in its file or folder names). Name the part of the path it reads [id] (a file or folder [id]).",
  "warning src/server/routes/api/shelves/[shelf]/[book].ts:2:91: getRouterParam(event, 'bok') is undefined on every request: route /api/shelves/:shelf/:book has the params shelf, book (a param is a [name] in its file or folder names). Read 'book', or rename [book] to [bok].",
  "warning src/server/routes/api/users/[id].ts:3:68: getRouterParam(event, 'slug') is undefined on every request: route /api/users/:id has the param id (a param is a [name] in its file or folder names). Read 'id', or rename [id] to [slug].",
];

const paramWarnings = (lines: string[]) => lines.filter((line) => line.includes('getRouterParam')).sort();

describe('getRouterParam() naming a param the route has not', () => {
  it('is warned at its place in the source, in every build: the bundle reused, the module from Rollup\'s cache', async () => {
    const root = writeSite(files);
    const cacheDir = tempDir('cache-');
    const first = await buildSite(root, { config: { cacheDir, prerender: { routes: ['/docs/a/b'] } } });
    expect(paramWarnings(first.logger.lines)).toEqual(expected);
    expect(first.report.warnings.filter((warning) => warning.code === 'ROUTE_PARAM')).toHaveLength(3);
    const again = await buildSite(root, { config: { cacheDir, prerender: { routes: ['/docs/a/b'] } } });
    expect(again.logger.lines).toContain('reused the bundle of 4 route files (the output\'s server/index.mjs): none of its inputs changed');
    expect(paramWarnings(again.logger.lines)).toEqual(expected);
    expect(again.report.warnings.filter((warning) => warning.code === 'ROUTE_PARAM')).toHaveLength(3);
    // about.ts fixed: bundled again, the other two route files' modules taken from Rollup's cache.
    writeFileSync(join(root, 'src/server/routes/api/about.ts'), `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'about');`);
    const third = await buildSite(root, { config: { cacheDir, prerender: { routes: ['/docs/a/b'] } } });
    expect(third.logger.lines.some((line) => line.startsWith('bundled 4 route files'))).toBe(true);
    expect(paramWarnings(third.logger.lines)).toEqual(expected.slice(1));
  });

  it('is warned by the dev server, and no more once the file reads its param', async () => {
    const root = writeSite(files);
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    try {
      await pollUntil(new URL('/api/about', server.url).href, (answer) => answer.status === 200);
      expect(paramWarnings(logger.lines)).toEqual(expected);
      logger.lines.length = 0;
      writeFileSync(join(root, 'src/server/routes/api/users/[id].ts'), `import { defineEventHandler, getRouterParam } from 'h3';\nexport default defineEventHandler((event) => ({ id: getRouterParam(event, 'id') }));`);
      await pollUntil(new URL('/api/users/7', server.url).href, (answer) => answer.body === '{"id":"7"}');
      expect(paramWarnings(logger.lines).filter((line) => line.includes('users'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['/api/about', []],
    ['/api/users/:id', ['id']],
    ['/docs/**:slug', ['slug']],
    ['/api/**', []],
    ['/api/items/:id.json', ['id']],
    ['/a/:x/b/:y.json', ['x', 'y']],
  ])('paramsOf(%s)', (path, params) => {
    expect(paramsOf(path)).toEqual(params);
  });
});
