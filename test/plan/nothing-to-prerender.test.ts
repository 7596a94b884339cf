/**
 * A site with route files and nothing to prerender (src/plan/nothing-to-prerender.ts): a warning naming
 * `prerender.routes` (or the config file to create) with an example from the site, unless [] is meant.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, route, runCli, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

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
      expect.stringContaining("List the routes to prerender in a new prerender.config.ts (or .mjs), such as prerender: { routes: ['/api/posts/1.json'] }, "),
    ]);
  });

  it('a routes folder without a route file: says so, and where route files go', async () => {
    const root = writeSite({ 'src/server/routes/.gitkeep': '' });
    const { report } = await buildSite(root);
    expect(nothing(report)).toEqual([
      {
        code: 'NOTHING_TO_PRERENDER',
        message: `Nothing to prerender: ${join(root, 'src/server/routes')} holds no route files, so only a server without routes was built. A route file serves the path of its name there (api/hello.ts serves /api/hello); list the routes to prerender in prerender.routes.`,
      },
    ]);
    // prerender.routes: [] says nothing is meant.
    expect(nothing((await buildSite(root, { config: { prerender: { routes: [] } } })).report)).toEqual([]);
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
    // Said once: the warning of nothing to prerender names the empty entries already.
    expect(report.warnings.filter((warning) => warning.code === 'ENTRIES_EMPTY')).toEqual([]);
  });

  it('entries that list none beside routes that are prerendered: ENTRIES_EMPTY names the file, its route and what to check', async () => {
    const { report, logger } = await buildSite(
      writeSite({
        ...files,
        [`${api}/posts/[slug].json.ts`]: `export const entries = async () => [];\n${files[`${api}/posts/[slug].json.ts`]}`,
        'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/hello'] } };`,
      }),
    );
    expect(report.ok).toBe(1);
    const message =
      `${api}/posts/[slug].json.ts exports entries, which returned an empty list: it lists no route of /api/posts/:slug.json to prerender. ` +
      'If its data comes from a CMS or an API, check what it answered (throw from entries to fail the build when it answers nothing); if the route is meant to be served live only, remove the entries export.';
    expect(report.warnings.filter((warning) => warning.code === 'ENTRIES_EMPTY')).toEqual([{ code: 'ENTRIES_EMPTY', message }]);
    expect(logger.lines).toContain(`warning ${message}`);
    expect(nothing(report)).toEqual([]);
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
