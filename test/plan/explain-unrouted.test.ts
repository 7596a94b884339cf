/**
 * What the build says of the route mistakes a new site makes: a listed route no route file matches,
 * route files but nothing to prerender, a method-less file shadowed by a method file on its path,
 * and routes a static host cannot serve. Each is named with its code and the fix.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/index.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

/** A site of a few route files, one answering POST only, listing `routes`. */
function site(routes: string[], more: Record<string, string> = {}, config = '') {
  return writeSite({
    [`${api}/hello.ts`]: route(`() => ({ hello: 'world' })`),
    [`${api}/posts/[slug].json.ts`]: route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam'),
    [`${api}/subscribe.post.ts`]: route(`() => ({ subscribed: true })`),
    'prerender.config.mjs': `export default { name: 'site', ${config} prerender: { routes: ${JSON.stringify(routes)} } };`,
    ...more,
  });
}

describe('a listed route no route file matches', () => {
  const routes = ['/api/hello', '/api/helo', '/api/post/first.json', '/api/subscribe', '/nowhere/near/anything.csv'];

  it('fails the build (exit code 1) naming it, where it is listed and the nearest route; nothing is written', async () => {
    const outDir = tempDir('out-');
    const error = await catchError(() => buildSite(site(routes), { config: { outDir } }));
    expect([error.code, error.exitCode]).toEqual(['ROUTES_FAILED', 1]);
    expect(error.message).toBe(
      [
        '4 routes failed to prerender; nothing was published:',
        '  /api/helo  no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?',
        '  /api/post/first.json  no route file matches this route, listed in prerender.routes; did you mean /api/posts/first.json (src/server/routes/api/posts/[slug].json.ts)?',
        '  /api/subscribe  no route file answers GET for this route, listed in prerender.routes: src/server/routes/api/subscribe.post.ts answers POST only, and the prerender requests GET',
        '  /nowhere/near/anything.csv  no route file matches this route, listed in prerender.routes',
      ].join('\n'),
    );
    expect(error.hint).toBe(
      'Fix each route no route file matches where it is listed (prerender.routes, or the entries of the file named), or add a route file that serves it. ' +
        'Or pass --no-fail-on-error (prerender.failOnError: false) to publish the rest.',
    );
    const report = error.details as BuildReport;
    expect(report.failures.map(({ route, code }) => [route, code])).toEqual([
      ['/api/helo', 'NO_ROUTE_FILE'],
      ['/api/post/first.json', 'NO_ROUTE_FILE'],
      ['/api/subscribe', 'NO_ROUTE_FILE'],
      ['/nowhere/near/anything.csv', 'NO_ROUTE_FILE'],
    ]);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('is a failed route: failOnError false leaves it out and publishes the rest', async () => {
    const { report, logger } = await buildSite(site(['/api/hello', '/api/helo'], {}, ''), { config: { prerender: { failOnError: false } } });
    expect(report).toMatchObject({ ok: 1, failed: 1 });
    expect(report.failures).toEqual([
      { route: '/api/helo', status: 404, code: 'NO_ROUTE_FILE', error: 'no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?' },
    ]);
    expect(logger.lines).toContain('error   /api/helo  no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?');
  });

  it("a handler's own 404 stays a failed route with its status and message, without the code", async () => {
    const files = { [`${api}/gone.json.ts`]: route(`() => { throw createError({ statusCode: 404, statusMessage: 'No such post' }); }`, 'defineEventHandler, createError') };
    const { report } = await buildSite(site(['/api/gone.json'], files), { config: { prerender: { failOnError: false } } });
    expect(report.failures).toEqual([{ route: '/api/gone.json', status: 404, error: 'No such post' }]);
  });

  it('--json lists it among the failures with its code', async () => {
    const root = site(['/api/hello', '/api/helo']);
    const { code, stdout, stderr } = await runCli(['build', root, '--json', '--no-typecheck']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: 1, failed: 1, failures: [{ route: '/api/helo', code: 'NO_ROUTE_FILE' }] });
    expect(stderr).toContain('/api/helo  no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?');
    expect(existsSync(`${root}/dist/site`)).toBe(false);
  });
});


describe('route files but nothing to prerender', () => {
  const files = {
    [`${api}/hello.ts`]: route(`() => ({ hello: 'world' })`),
    [`${api}/feed.json.get.ts`]: route(`() => ({ items: [] })`),
    [`${api}/posts/[slug].json.ts`]: route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam'),
  };
  const nothing = (report: BuildReport) => report.warnings.filter((warning) => warning.code === 'NOTHING_TO_PRERENDER');

  it('without prerender.routes or entries: a warning naming prerender.routes with an example from the site', async () => {
    const { report, logger } = await buildSite(writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site' };` }));
    expect(report.ok).toBe(0);
    const message =
      'Nothing to prerender: the site has 3 route files, but prerender.routes is not set and no route file exports entries, so only the server was built. ' +
      "List the routes to prerender in prerender.config.mjs, such as prerender: { routes: ['/api/feed.json', '/api/hello'] }, " +
      'or export entries from a route file with parameters; set prerender.routes to [] to build only the server without this warning.';
    expect(nothing(report)).toEqual([{ code: 'NOTHING_TO_PRERENDER', message }]);
    expect(logger.lines).toContain(`warning ${message}`);
  });

  it('without a config file: names the file to create, with an example of a route with parameters when there is no other', async () => {
    const { report } = await buildSite(writeSite({ [`${api}/posts/[slug].json.ts`]: files[`${api}/posts/[slug].json.ts`] }));
    expect(nothing(report).map((warning) => warning.message)).toEqual([
      expect.stringContaining("List the routes to prerender in prerender.config.ts, such as prerender: { routes: ['/api/posts/1.json'] }, "),
    ]);
  });

  it('a function given as prerender.routes that returns none, and entries that list none, are named', async () => {
    const { report } = await buildSite(
      writeSite({
        ...files,
        [`${api}/posts/[slug].json.ts`]: `export const entries = () => [];\n${files[`${api}/posts/[slug].json.ts`]}`,
        'prerender.config.mjs': `export default { name: 'site', prerender: { routes: async () => [] } };`,
      }),
    );
    expect(nothing(report).map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Nothing to prerender: the site has 3 route files, but the function given as prerender\.routes returned no routes and the entries of 1 route file listed none, so only the server was built\. /),
    ]);
  });

  it('no warning when prerender.routes is [] on purpose, nor when something is prerendered', async () => {
    const empty = await buildSite(writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site', prerender: { routes: [] } };` }));
    expect(nothing(empty.report)).toEqual([]);
    const some = await buildSite(writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/hello'] } };` }));
    expect(nothing(some.report)).toEqual([]);
  });

  it('--json lists the warning with its code; the build exits 0', async () => {
    const root = writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'site' };` });
    const { code, stdout } = await runCli(['build', root, '--json', '--no-typecheck']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).warnings).toContainEqual({ code: 'NOTHING_TO_PRERENDER', message: expect.stringContaining('prerender.routes is not set') });
  });
});

describe('a method-less route file shadowed by a method file on its path', () => {
  it('warns naming both files, what still reaches the first and the fix; --json lists it', async () => {
    const root = writeSite({
      [`${api}/feed.json.ts`]: route(`() => ({ from: 'feed.json.ts' })`),
      [`${api}/feed.json.get.ts`]: route(`() => ({ from: 'feed.json.get.ts' })`),
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/feed.json'] } };`,
    });
    const message =
      'Route file src/server/routes/api/feed.json.ts never answers GET or HEAD: src/server/routes/api/feed.json.get.ts answers both for /api/feed.json, ' +
      'so only other methods reach src/server/routes/api/feed.json.ts, and it is never prerendered. Remove it, or name it for the methods it is meant for (such as feed.json.post.ts).';
    const { report, logger, dir } = await buildSite(root);
    expect(report.warnings).toEqual([{ code: 'SHADOWED_ROUTE', message }]);
    expect(logger.lines).toContain(`warning ${message}`);
    expect(JSON.parse(readFileSync(join(dir, 'public/api/feed.json'), 'utf8'))).toEqual({ from: 'feed.json.get.ts' });

    const cli = await runCli(['build', root, '--json', '--no-typecheck']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).warnings).toEqual([{ code: 'SHADOWED_ROUTE', message }]);
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
    ['cloudflare', 'Cloudflare Pages'],
    ['vercel', 'Vercel'],
    ['github-pages', 'GitHub Pages'],
  ])('%s: names %s', async (preset, host) => {
    const { report } = await build(preset);
    expect(unserved(report)).toEqual([expect.stringMatching(new RegExp(`^${host} serves only the files in public/ \\(preset "${preset}"\\): 5 route files will not be served there: `))]);
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
