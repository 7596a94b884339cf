/**
 * Which route files a static host will not serve (src/hosts/unserved-routes.ts): the rendered routes
 * reach the others, as the router sends them; the build warns of the first five, then a count.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackServedFiles } from '../../src/hosts/unserved-routes.ts';
import { fileToRoute } from '../../src/routes/file-to-route.ts';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, route, runCli, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

const site = { root: '/site', routesDir: '/site/routes' };
const files = ['api/users/[id].ts', 'api/users/latest.get.ts', 'api/café.json.ts', 'docs/[...path].ts', 'api/hello.ts', 'api/form.post.ts'];
const table = files.map((file) => fileToRoute(file, 'api')!).sort((a, b) => (a.file < b.file ? -1 : 1));

async function unreached(routes: (string | [string, string])[]): Promise<string[]> {
  const served = trackServedFiles(table, site);
  for (const route of routes) typeof route === 'string' ? served.add(route) : served.add(route[0], route[1]);
  return (await served.unserved()).filter((route) => route.note === 'not prerendered').map((route) => route.file.replace('routes/', ''));
}

describe('trackServedFiles', () => {
  it('a file no route reaches is unserved; other methods only are always', async () => {
    const served = trackServedFiles(table, site);
    expect(await served.unserved()).toEqual([
      { method: '', path: '/api/café.json', file: 'routes/api/café.json.ts', note: 'not prerendered' },
      { method: 'POST', path: '/api/form', file: 'routes/api/form.post.ts', note: undefined },
      { method: '', path: '/api/hello', file: 'routes/api/hello.ts', note: 'not prerendered' },
      { method: '', path: '/api/users/:id', file: 'routes/api/users/[id].ts', note: 'not prerendered' },
      { method: 'GET', path: '/api/users/latest', file: 'routes/api/users/latest.get.ts', note: 'not prerendered' },
      { method: '', path: '/docs/**:path', file: 'routes/docs/[...path].ts', note: 'not prerendered' },
    ]);
  });

  it('a method-less file a GET file shadows is named for the methods that still reach it', async () => {
    const shadowed = ['api/feed.json.ts', 'api/feed.json.get.ts'].map((file) => fileToRoute(file, 'api')!);
    const served = trackServedFiles(shadowed, site);
    served.add('/api/feed.json');
    expect(await served.unserved()).toEqual([{ method: '', path: '/api/feed.json', file: 'routes/api/feed.json.ts', note: 'methods other than GET and HEAD' }]);
  });

  it.each([
    [['/api/hello'], ['api/café.json.ts', 'api/users/[id].ts', 'api/users/latest.get.ts', 'docs/[...path].ts']],
    // The router sends /api/users/latest to the GET file, not the parameter's.
    [['/api/users/latest'], ['api/café.json.ts', 'api/hello.ts', 'api/users/[id].ts', 'docs/[...path].ts']],
    [['/api/users/7', '/api/users/latest/'], ['api/café.json.ts', 'api/hello.ts', 'docs/[...path].ts']],
    // Other spellings of one URL reach the same file.
    [['/api/caf%c3%a9.json', '/api//hello', '/docs/a/b/c'], ['api/users/[id].ts', 'api/users/latest.get.ts']],
    // A route listed by a file's entries reaches that file without asking the router.
    [[['/api/users/1', 'routes/api/users/[id].ts'], '/api/HELLO'], ['api/café.json.ts', 'api/hello.ts', 'api/users/latest.get.ts', 'docs/[...path].ts']],
  ] as const)('%j leaves %j unreached', async (routes, left) => {
    expect(await unreached([...routes] as (string | [string, string])[])).toEqual(left);
  });
});

describe('routes a static host cannot serve', () => {
  const files = {
    [`${api}/hello.json.ts`]: route(`() => ({ hello: 'world' })`),
    [`${api}/posts/[slug].json.ts`]: `export const entries = () => [{ slug: 'first' }];\n${route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam')}`,
    [`${api}/subscribe.post.ts`]: route(`() => ({ subscribed: true })`),
    [`${api}/search.ts`]: route(`(event) => ({ q: getQuery(event).q })`, 'defineEventHandler, getQuery'),
    [`${api}/users/[id].delete.ts`]: route(`() => null`),
    'src/server/routes/health.ts': route(`() => 'ok'`),
    'src/server/routes/ping.head.ts': route(`() => null`),
  };
  const unserved = (report: BuildReport) => report.warnings.filter((warning) => warning.code === 'UNSERVED_ROUTE').map((warning) => warning.message);
  const build = (preset: string | undefined) => buildSite(writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/hello.json'] } };` }), { config: { preset: preset as never } });

  it('a static host: one warning listing the first five route files it will not serve, then a count', async () => {
    const { report, logger, outDir } = await build('netlify');
    expect(report.ok).toBe(2);
    const message =
      'Netlify serves only the files in public/ (preset "netlify"): 5 route files will not be served there: ' +
      '/api/search (src/server/routes/api/search.ts, not prerendered), ' +
      'POST /api/subscribe (src/server/routes/api/subscribe.post.ts), ' +
      'DELETE /api/users/:id (src/server/routes/api/users/[id].delete.ts), ' +
      '/health (src/server/routes/health.ts, not prerendered), ' +
      'HEAD /ping (src/server/routes/ping.head.ts). ' +
      `Prerender the GET routes among them (prerender.routes, entries), serve the others from ${join(outDir, 'site/server/index.mjs')} on a Node host, or build with preset "static" if they are served elsewhere.`;
    expect(unserved(report)).toEqual([message]);
    expect(logger.lines).toContain(`warning ${message}`);
  });

  it.each([
    ['cloudflare', 'Cloudflare Pages serves only the files in public/ (preset "cloudflare")'],
    ['vercel', 'Vercel serves only the files in .vercel/output/static/ (preset "vercel", which writes no Vercel functions)'],
    ['github-pages', 'GitHub Pages serves only the files in public/ (preset "github-pages")'],
  ])('%s: names the host and what it serves', async (preset, serves) => {
    const { report } = await build(preset);
    expect(unserved(report)).toEqual([expect.stringMatching(new RegExp(`^${serves.replace(/[.()/]/g, '\\$&')}: 5 route files will not be served there: `))]);
  });

  it('past five, a count of the rest', async () => {
    const more = Object.fromEntries(['a', 'b', 'c'].map((name) => [`${api}/${name}.put.ts`, route(`() => null`)]));
    const { report } = await buildSite(writeSite({ ...files, ...more, 'prerender.config.mjs': `export default { name: 'site', preset: 'cloudflare', prerender: { routes: ['/api/hello.json'] } };` }));
    expect(unserved(report)).toEqual([
      expect.stringMatching(/: 8 route files will not be served there: PUT \/api\/a \(src\/server\/routes\/api\/a\.put\.ts\), PUT \/api\/b .*, and 3 more\. Prerender /),
    ]);
  });

  it('the static preset (the default: public/ beside a server for the rest) and a site all prerendered: no warning', async () => {
    expect(unserved((await build(undefined)).report)).toEqual([]);
    expect(unserved((await build('static')).report)).toEqual([]);
    const all = writeSite({ [`${api}/hello.json.ts`]: files[`${api}/hello.json.ts`], [`${api}/posts/[slug].json.ts`]: files[`${api}/posts/[slug].json.ts`], 'prerender.config.mjs': `export default { name: 'site', preset: 'netlify', prerender: { routes: ['/api/hello.json'] } };` });
    expect(unserved((await buildSite(all)).report)).toEqual([]);
  });

  it('--json lists it with its code', async () => {
    const root = writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/hello.json'] } };` });
    const { code, stdout } = await runCli(['build', root, '--json', '--no-typecheck', '--preset', 'netlify']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).warnings).toEqual([{ code: 'UNSERVED_ROUTE', message: expect.stringContaining('5 route files will not be served there') }]);
  });
});
