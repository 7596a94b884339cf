/**
 * The plan step (src/pipeline/plan.ts): a routes function is called once the bundle is made, so that
 * the list it makes never sits beside the bundler's process; a config's array is checked with the
 * config, before anything runs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, failBuild, route, tempDir, writeSite } from '../support/helpers.ts';

const api = 'src/server/routes/api';

describe('a routes function', () => {
  it('is called once the server bundle is staged, and its routes are rendered', async () => {
    const outDir = tempDir('out-');
    // It lists /api/after.txt only if it can see the staged bundle when it runs.
    const config = `import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
const outDir = ${JSON.stringify(outDir)};
const bundled = () => readdirSync(outDir).some((name) => name.startsWith('.site.staging-') && existsSync(join(outDir, name, 'server', 'index.mjs')));
export default { name: 'site', outDir, prerender: { routes: () => [bundled() ? '/api/after.txt' : '/api/before.txt'] } };
`;
    const root = writeSite({ [`${api}/[name].txt.ts`]: route(`(event) => event.context.params.name`), 'prerender.config.mjs': config });
    const { report, dir, logger } = await buildSite(root, { config: { outDir } });
    expect(report.ok).toBe(1);
    expect(readFileSync(join(dir, 'public/api/after.txt'), 'utf8')).toBe('after');
    expect(existsSync(join(dir, 'public/api/before.txt'))).toBe(false);
    expect(logger.lines).toContainEqual(expect.stringMatching(/^bundled 1 route file into /));
  });

  it('that throws fails the build with its error (exit code 1: a CMS down is no config mistake), and nothing is published', async () => {
    const { error, outDir } = await failBuild({
      [`${api}/ok.txt.ts`]: route(`() => 'ok'`),
      'prerender.config.mjs': `export default { prerender: { routes: () => { throw new Error('the CMS is down'); } } };`,
    });
    expect(error.code).toBe('ROUTE_ENTRIES');
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe('The function given as prerender.routes in prerender.config.mjs failed: the CMS is down');
    expect(readdirSync(outDir)).toEqual([]);
  });
});
