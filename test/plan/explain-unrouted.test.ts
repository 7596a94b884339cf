/**
 * A listed route no route file matches (src/plan/explain-unrouted.ts): the build fails naming it, where
 * it is listed and the nearest route a file serves, with its code and the fix.
 */
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
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
      'For each route that no route file matches: fix it where it is listed (prerender.routes, or the entries of the file named), or add a route file that serves it. ' +
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

  it('names a file of routesDir named for the route but for its extension, and the name it needs', async () => {
    const more = { 'src/server/routes/about.json': route(`() => ({ about: 1 })`), [`${api}/card.html.tsx`]: route(`() => '<p>card</p>'`) };
    const error = await catchError(() => buildSite(site(['/about.json', '/api/card.html'], more)));
    expect(error.message).toBe(
      [
        '2 routes failed to prerender; nothing was published:',
        "  /about.json  no route file matches this route, listed in prerender.routes; src/server/routes/about.json is named for it, but a route file's name ends in .ts, .mts, .js or .mjs: rename it src/server/routes/about.json.ts",
        '  /api/card.html  no route file matches this route, listed in prerender.routes; src/server/routes/api/card.html.tsx is named for it, but it is JSX, which the bundle does not compile: write it as src/server/routes/api/card.html.ts, returning the HTML as a string',
      ].join('\n'),
    );
  });

  it('is a failed route: failOnError false leaves it out and publishes the rest', async () => {
    const { report, logger } = await buildSite(site(['/api/hello', '/api/helo'], {}, ''), { config: { prerender: { failOnError: false } } });
    expect(report).toMatchObject({ ok: 1, failed: 1 });
    expect(report.failures).toEqual([
      { route: '/api/helo', status: 404, code: 'NO_ROUTE_FILE', error: 'no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?' },
    ]);
    expect(logger.lines).toContain(
      'error 1 route failed and was left out (failOnError is off: --no-fail-on-error, or prerender.failOnError: false):\n  /api/helo  no route file matches this route, listed in prerender.routes; did you mean /api/hello (src/server/routes/api/hello.ts)?',
    );
  });

  it('names the route file that served it in the last build and is gone, and its likely new name, in place of a pattern', async () => {
    const root = site(['/api/hello', '/api/posts.json'], { [`${api}/posts.json.ts`]: route(`() => ['first']`) });
    const cacheDir = tempDir('cache-');
    await buildSite(root, { config: { cacheDir } });
    renameSync(join(root, `${api}/posts.json.ts`), join(root, `${api}/list.json.ts`));
    const error = await catchError(() => buildSite(root, { config: { cacheDir } }));
    expect(error.message).toBe(
      [
        '1 route failed to prerender; nothing was published:',
        '  /api/posts.json  no route file matches this route, listed in prerender.routes; src/server/routes/api/posts.json.ts served it in the last build, and is gone: if it is now src/server/routes/api/list.json.ts, list /api/list.json in its place',
      ].join('\n'),
    );
    // Without the cache's memory of the last build: the nearest route, as before.
    const cold = await catchError(() => buildSite(root, { config: { cacheDir: tempDir('cache-') } }));
    expect(cold.message).toContain('/api/posts.json  no route file matches this route, listed in prerender.routes; did you mean');
  });

  it('names the gone route file and the nearest route when several files were added since the last build', async () => {
    const root = site(['/api/hello', '/api/link.json'], { [`${api}/link.json.ts`]: route(`() => ['first']`) });
    const cacheDir = tempDir('cache-');
    await buildSite(root, { config: { cacheDir } });
    renameSync(join(root, `${api}/link.json.ts`), join(root, `${api}/link2.json.ts`));
    writeFileSync(join(root, `${api}/about.json.ts`), route(`() => ({ about: true })`));
    const error = await catchError(() => buildSite(root, { config: { cacheDir } }));
    expect(error.message).toContain(
      '  /api/link.json  no route file matches this route, listed in prerender.routes; src/server/routes/api/link.json.ts served it in the last build, and is gone; did you mean /api/link2.json (src/server/routes/api/link2.json.ts)?',
    );
  });

  it("a handler's own 404 stays a failed route with its status and message, without the code", async () => {
    const files = { [`${api}/gone.json.ts`]: route(`() => { throw createError({ statusCode: 404, statusMessage: 'No such post' }); }`, 'defineEventHandler, createError') };
    const { report } = await buildSite(site(['/api/hello', '/api/gone.json'], files), { config: { prerender: { failOnError: false } } });
    expect(report.failures).toEqual([{ route: '/api/gone.json', status: 404, error: 'No such post (src/server/routes/api/gone.json.ts)' }]);
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

