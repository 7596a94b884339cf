/**
 * The site's own functions the build waits on (a route file's `entries`, `prerender.routes`, the
 * config file's default export) returning a promise that never settles: the build fails within a
 * bounded time naming the function, with the exit code of its kind, and leaves nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { catchError } from './support/catch-error.ts';
import { buildSite, route, runCli, tempDir, writeSite } from './support/helpers.ts';
import { leftovers } from './support/tree-snapshot.ts';

const never = 'new Promise(() => {})';

describe('a function of the site that never settles', () => {
  it("a route file's entries: ROUTE_ENTRIES naming the file, past prerender.timeout, exit 1, nothing left", async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/posts/[slug].json.ts': `export const entries = () => ${never};\n` + route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { timeout: 500 } };`,
    });
    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code, cli.stderr).toBe(1);
    const message = 'The entries function of route file src/server/routes/api/posts/[slug].json.ts did not settle within 500 ms (prerender.timeout).';
    expect(cli.stderr).toContain(`error ${message}`);
    expect(JSON.parse(cli.stdout).error).toMatchObject({ code: 'ROUTE_ENTRIES', message });
    expect(leftovers(outDir, 'site')).toEqual([]);
  });

  it('prerender.routes: ROUTE_ENTRIES naming the key, past prerender.timeout, exit 1 (no config mistake)', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'prerender.config.mjs': `export default { name: 'site', outDir: ${JSON.stringify(outDir)}, prerender: { timeout: 500, routes: () => ${never} } };`,
    });
    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code, cli.stderr).toBe(1);
    const message = 'The function given as prerender.routes did not settle within 500 ms (prerender.timeout).';
    expect(cli.stderr).toContain(`error ${message}`);
    expect(JSON.parse(cli.stdout).error).toMatchObject({ code: 'ROUTE_ENTRIES', message });
    expect(leftovers(outDir, 'site')).toEqual([]);
  });

  it("the config file's default-exported function: CONFIG naming the file, past the bound, exit code 2", async () => {
    const root = writeSite({
      'src/server/routes/api/a.json.ts': route(`() => ({ a: 1 })`),
      'prerender.config.mjs': `export default () => ${never};`,
    });
    // The bound is prerender.timeout as known before the file loads: the inline config's, else 30 s.
    const error = await catchError(() => buildSite(root, { config: { prerender: { timeout: 500 } } }));
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(`The function ${root}/prerender.config.mjs default-exports did not settle within 500 ms (prerender.timeout).`);
  });
});
