/**
 * apiRoutes() as a Vite plugin (src/vite/plugin.ts): one object with Rollup's hooks and Vite's, the
 * client environment given a plugin of its own, and a user's vite.config.ts type-checked against
 * Vite 8's and Vite 7's own types. The plugin in a real Vite: test/scenarios/develop-with-vite.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { build as viteBuild } from 'vite';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/index.ts';
import { fixturesDir, repoRoot, route, writeSite } from '../support/helpers.ts';

describe('apiRoutes() in Vite', () => {
  const plugin = apiRoutes();
  const rollupHooks = ['options', 'buildStart', 'resolveId', 'load', 'transform', 'onLog'];

  it("is one object with Rollup's hooks and Vite's", () => {
    for (const hook of [...rollupHooks, 'config', 'configResolved', 'configureServer', 'configurePreviewServer']) expect(plugin, hook).toHaveProperty(hook);
  });

  it("gives Vite's client environment, in its place, a plugin without the Rollup hooks, and other environments none", () => {
    const client = plugin.applyToEnvironment({ config: { consumer: 'client' } });
    expect(client).toMatchObject({ name: 'api-prerender:vite-build' });
    expect(Object.keys(client as object).filter((key) => rollupHooks.includes(key))).toEqual([]);
    expect(plugin.applyToEnvironment({ config: { consumer: 'server' } })).toBe(false);
  });
});

describe('apiRoutes given uncalled (plugins: [apiRoutes]), which TypeScript takes: a function has a name', () => {
  const message = 'apiRoutes was given as a plugin without being called: write plugins: [apiRoutes()], with the parentheses.';
  const root = () => writeSite({ 'src/server/routes/api/hello.json.ts': route('() => ({ hi: 1 })'), 'index.html': '<h1>x</h1>' });

  it('a Vite build says so, not Vite\'s "Cannot assign to read only property"', async () => {
    const built = viteBuild({ root: root(), configFile: false, logLevel: 'silent', plugins: [apiRoutes as never] });
    await expect(built).rejects.toMatchObject({ code: 'USAGE', message });
  });

  it('a Rollup build says so', async () => {
    await expect(rollup({ input: 'api-prerender:entry', plugins: [apiRoutes as never] })).rejects.toMatchObject({ code: 'USAGE', message });
  });
});

describe('apiRoutes() twice in Vite\'s plugins', () => {
  it('stops vite build before anything is built: each copy would publish the site, the second over the first', async () => {
    const root = writeSite({ 'src/server/routes/api/hello.json.ts': route('() => ({ hi: 1 })'), 'index.html': '<h1>x</h1>' });
    const built = viteBuild({ root, configFile: false, logLevel: 'silent', plugins: [apiRoutes({ apiPrefix: 'api' }), apiRoutes({ apiPrefix: 'v2' })] });
    await expect(built).rejects.toMatchObject({
      code: 'CONFIG',
      message: "apiRoutes() is in Vite's plugins 2 times: each would build and publish the site after `vite build`, the later one over the earlier.",
    });
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });
});

describe("apiRoutes({ routesDir }) naming a folder that is not there, beside one that is", () => {
  it('names vite.config as where to fix it, not the prerender config file', async () => {
    const root = writeSite({ 'src/server/routes/api/hello.json.ts': route('() => ({ hi: 1 })'), 'index.html': '<h1>x</h1>' });
    const built = viteBuild({ root, configFile: false, logLevel: 'silent', plugins: [apiRoutes({ apiPrefix: 'api', routesDir: 'src/server/route' })] });
    // As Vite prints it (its message alone when a save restarts it): the CLI's text, message and hint.
    await expect(built).rejects.toMatchObject({
      code: 'CONFIG',
      message: [
        `[api-prerender] No routes folder at ${join(root, 'src/server/route')} (config key "routesDir"); did you mean ${join(root, 'src/server/routes')} (1 route file)?`,
        '  hint: Set "routesDir" in the options of apiRoutes() in vite.config to "src/server/routes", or rename that folder to "src/server/route".',
      ].join('\n'),
    });
  });
});

const tsc = join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc');

/** Runs tsc as a site with `module: nodenext` does; `api-prerender` resolves to this package's lib/ types. */
function typeCheck(files: string[]) {
  const args = ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', ...files];
  return spawnSync(process.execPath, [tsc, ...args], { cwd: repoRoot, encoding: 'utf8' });
}

describe('vite.config.ts types', () => {
  it('accepts apiRoutes() in the plugins of Vite 8 and Vite 7', () => {
    const run = typeCheck([join(fixturesDir, 'vite-types', 'vite8.config.ts'), join(fixturesDir, 'vite-types', 'vite7.config.ts')]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
