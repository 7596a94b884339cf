import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { misnamedConfigs } from '../../src/config/misnamed-configs.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { writeSite } from '../support/helpers.ts';

const tsConfig = `import { defineConfig } from 'api-prerender';
import type { UserConfig, RouteEntry } from 'api-prerender';

const routes: RouteEntry[] = ['/api/rss.xml'];
const extra: UserConfig = { apiPrefix: 'services' };

export default defineConfig({ name: 'typed', ...extra, prerender: { routes } });
`;

/** Compiled configs (`<name>.ts....mjs`) left in the site: none, whatever the spelling. */
const leftovers = (root: string) => readdirSync(root, { recursive: true }).map(String).filter((name) => /\.m?ts\..*\.mjs$/.test(name));

describe('loadConfig: file kinds and export shapes', () => {
  it.each([
    ['prerender.config.ts', tsConfig],
    ['prerender.config.mts', tsConfig],
  ])('loads %s with defineConfig from api-prerender and a type-only import', async (file, source) => {
    const root = writeSite({ [file]: source });
    const config = await loadConfig({ root });
    expect(config.name).toBe('typed');
    expect(config.apiPrefix).toBe('services');
    expect(config.prerender.routes).toEqual([{ route: '/api/rss.xml', sitemap: {} }]);
    expect(config.configFile).toBe(join(root, file));
    expect(leftovers(root)).toEqual([]);
  });

  it.each([
    ['prerender.config.js', `export default { name: 'plain-js' };`, 'plain-js'],
    ['prerender.config.mjs', `export default { name: 'plain-mjs' };`, 'plain-mjs'],
    ['prerender.config.ts', `export default { name: 'plain-ts' as string };`, 'plain-ts'],
    ['prerender.config.mjs', `export default () => ({ name: 'sync-fn' });`, 'sync-fn'],
    ['prerender.config.ts', `export default async (): Promise<object> => ({ name: 'async-fn' });`, 'async-fn'],
    ['prerender.config.js', `export default async () => { await new Promise((r) => setTimeout(r, 1)); return { name: 'async-js' }; };`, 'async-js'],
  ])('loads %s exporting %s', async (file, source, name) => {
    const root = writeSite({ [file]: source });
    expect((await loadConfig({ root })).name).toBe(name);
  });

  it('loads an ES module prerender.config.js of a package.json without "type" as a TS config: its helpers, and import.meta its own (Node warns of none: see the setup)', async () => {
    const root = writeSite({
      'package.json': JSON.stringify({ name: 'typeless' }),
      'routes.txt': '/from-file.txt',
      'config/where.js': `export const here = () => import.meta.dirname;`,
      'prerender.config.js': `import { readFileSync } from 'node:fs';
import { here } from './config/where.js';
export default { name: [here(), import.meta.filename].map((path) => path.split('/').at(-1)).join('-'), prerender: { routes: [readFileSync(new URL('./routes.txt', import.meta.url), 'utf8')] } };
`,
    });
    const config = await loadConfig({ root });
    expect(config.name).toBe('config-prerender.config.js');
    expect(config.prerender.routes.map((r) => r.route)).toEqual(['/from-file.txt']);
  });

  it('refuses an ES module prerender.config.js of a "type": "commonjs" package, naming both fixes', async () => {
    const root = writeSite({ 'package.json': JSON.stringify({ name: 'cjs', type: 'commonjs' }), 'prerender.config.js': `export default { name: 'x' };` });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Could not load config file ${join(root, 'prerender.config.js')}: prerender.config.js is written as an ES module (import, export), and package.json says "type": "commonjs", so Node loads it as CommonJS.`);
    expect(error.hint).toBe('Add "type": "module" to package.json (its other .js files are then read as ES modules too), or rename the file prerender.config.mjs.');
  });

  it('looks for .ts before .mts, .js and .mjs', async () => {
    const root = writeSite({
      'prerender.config.mjs': `export default { name: 'from-mjs' };`,
      'prerender.config.js': `export default { name: 'from-js' };`,
      'prerender.config.ts': `export default { name: 'from-ts' };`,
    });
    expect((await loadConfig({ root })).name).toBe('from-ts');
  });

  it("without a config file, finds the files of the root, config/ and src/ that read as one, whatever their extension, and only those", async () => {
    const root = writeSite({
      'Prerender.config.ts': '',
      'prerender-config.mjs': '',
      'prerender.cofig.js': '',
      'prerender.config.ts.bak': '',
      'prerender.config.tsx': '',
      'config/prerender.ts.config.mts': '',
      'src/prerender.config.ts': '',
      // Other tools' configs, helpers, folders, and the forms another error names (.cjs, .json).
      'prettier.config.js': '',
      'vitest.config.ts': '',
      'render.config.ts': '',
      'prerender.config.json5.json': '',
      'config/routes.ts': '',
      'prerender.config.d/x.ts': '',
      'src/server/prerender.config.ts': '',
    });
    const found = misnamedConfigs(root).map(({ path, readable, code }) => [path, readable, code]);
    expect(found).toEqual([
      ['Prerender.config.ts', true, true],
      ['prerender-config.mjs', true, true],
      ['prerender.cofig.js', true, true],
      ['prerender.config.ts.bak', false, false],
      ['prerender.config.tsx', false, true],
      ['config/prerender.ts.config.mts', true, true],
      ['src/prerender.config.ts', true, true],
    ]);
    // Code among them (a config's extension, or JSX's) stops the load, naming the first; the others are warned of.
    const error = await catchError(() => loadConfig({ root, logger: createMemoryLogger() }));
    expect([error.code, error.message]).toEqual(['CONFIG', expect.stringMatching(/^No config file was read: Prerender\.config\.ts is not a name the lookup reads /)]);
    const jsx = await catchError(() => loadConfig({ root: writeSite({ 'prerender.config.tsx': '' }), logger: createMemoryLogger() }));
    expect([jsx.code, jsx.message]).toEqual(['CONFIG', expect.stringMatching(/^No config file was read: prerender\.config\.tsx is not a name the lookup reads .* Without it the site would be published without its config: nothing is built\.$/)]);
    const notCode = writeSite({ 'prerender.config.ts.bak': '', 'prerender.config.ts.txt': '' });
    const logger = createMemoryLogger();
    await loadConfig({ root: notCode, logger });
    expect(logger.lines.map((line) => /^warning No config file was read: (\S+) is not /.exec(line)?.[1])).toEqual(['prerender.config.ts.bak', 'prerender.config.ts.txt']);
  });

  it('resolves defaults without a config file', async () => {
    const root = writeSite({ 'package.json': JSON.stringify({ name: '@scope/no-config' }) });
    const config = await loadConfig({ root });
    expect(config.name).toBe('no-config');
    expect(config.configFile).toBeUndefined();
  });

  it('compiles a TS config that imports a local .ts helper (three spellings) and a .json file', async () => {
    const root = writeSite({
      'config/routes.ts': `export const routes: string[] = ['/a.json'];`,
      'config/more.ts': `export const more = (): string => '/b.json';`,
      'config/last.ts': `export default '/c.json';`,
      'config/site.json': JSON.stringify({ title: 'from-json' }),
      'prerender.config.ts': `import { routes } from './config/routes';
import { more } from './config/more.js';
import last from './config/last.ts';
import site from './config/site.json';
export default { name: site.title, prerender: { routes: [...routes, more(), last] } };
`,
    });
    const config = await loadConfig({ root });
    expect(config.name).toBe('from-json');
    expect(config.prerender.routes.map((r) => r.route)).toEqual(['/a.json', '/b.json', '/c.json']);
    expect(leftovers(root)).toEqual([]);
  });

  it("keeps import.meta.url, .dirname and .filename of the config and its helpers their own, though compiled elsewhere", async () => {
    const root = writeSite({
      'routes.txt': '/from-file.txt',
      'config/where.ts': `export const here = (): string => import.meta.dirname;`,
      'prerender.config.ts': `import { readFileSync } from 'node:fs';
import { here } from './config/where.ts';
const route = readFileSync(new URL('./routes.txt', import.meta.url), 'utf8');
export default { name: [here(), import.meta.filename].map((path) => path.split('/').at(-1)).join('-'), prerender: { routes: [route] } };
`,
    });
    const config = await loadConfig({ root });
    expect(config.name).toBe('config-prerender.config.ts');
    expect(config.prerender.routes.map((r) => r.route)).toEqual(['/from-file.txt']);
    expect(leftovers(root)).toEqual([]);
  });

  it('bundles the subpath imports (#...) of the site\'s package.json into a TS config', async () => {
    const root = writeSite({
      'package.json': JSON.stringify({ name: 'subpaths', type: 'module', imports: { '#routes': './config/routes.js' } }),
      'node_modules/.keep': '',
      'config/routes.js': `export const routes = ['/from-subpath.txt'];`,
      'prerender.config.ts': `import { routes } from '#routes';\nexport default { prerender: { routes } };`,
    });
    expect((await loadConfig({ root })).prerender.routes.map((r) => r.route)).toEqual(['/from-subpath.txt']);
  });

  it('lets inline config win over the file', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default { name: 'f', apiPrefix: 'x', prerender: { timeout: 5 } };` });
    const config = await loadConfig({ root, config: { apiPrefix: 'y', prerender: { concurrency: 3 } } });
    expect([config.name, config.apiPrefix, config.prerender.timeout, config.prerender.concurrency]).toEqual(['f', 'y', 5, 3]);
  });
});

describe('loadConfig: --config', () => {
  it('takes a path relative to the root', async () => {
    const root = writeSite({
      'prerender.config.mjs': `export default { name: 'default-file' };`,
      'configs/ci.config.ts': `export default { name: 'ci' };`,
    });
    const config = await loadConfig({ root, configFile: 'configs/ci.config.ts' });
    expect(config.name).toBe('ci');
    expect(config.configFile).toBe(join(root, 'configs/ci.config.ts'));
    expect(leftovers(join(root, 'configs'))).toEqual([]);
  });

  it('takes false for no file at all', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default { name: 'ignored' };`, 'package.json': '{"name":"pkg"}' });
    expect((await loadConfig({ root, configFile: false })).name).toBe('pkg');
  });

  it('refuses a missing file, naming the path', async () => {
    const root = writeSite({});
    const error = await catchError(() => loadConfig({ root, configFile: 'nope.config.ts' }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Config file not found: ${join(root, 'nope.config.ts')}`);
    expect(error.hint).toBe('Check the path given to the configFile option, relative to the site root.');
  });

  it('refuses a folder, naming the config file in it when one is', async () => {
    const root = writeSite({ 'src/prerender.config.ts': 'export default {};\n', 'configs/readme.txt': 'x' });
    const error = await catchError(() => loadConfig({ root, configFile: 'src' }));
    // The library's option, named as it is spelt (the CLI checks --config first: test/scenarios/config-mistakes.test.ts).
    expect([error.code, error.exitCode, error.message, error.hint]).toEqual(['CONFIG', 2, "configFile: 'src' is a folder; the configFile option takes the config file itself.", "Pass configFile: 'src/prerender.config.ts'."]);
    const empty = await catchError(() => loadConfig({ root, configFile: 'configs' }));
    expect([empty.message, empty.hint]).toEqual(["configFile: 'configs' is a folder; the configFile option takes the config file itself.", "Pass the path of the config file, such as configFile: 'prerender.config.ts' (relative to the site root)."]);
  });

  it('names the file of that folder meant by a misspelt path', async () => {
    const root = writeSite({ 'configs/prerender.config.ts': 'export default {};\n' });
    const error = await catchError(() => loadConfig({ root, configFile: 'configs/prerender.conifg.ts' }));
    expect(error.message).toBe(`Config file not found: ${join(root, 'configs/prerender.conifg.ts')}; did you mean configs/prerender.config.ts?`);
    expect(error.hint).toBe("Pass configFile: 'configs/prerender.config.ts' (relative to the site root).");
  });
});

describe('loadConfig: broken config files are CONFIG errors naming the file', () => {
  it.each([
    ['no default export', 'prerender.config.mjs', `export const config = { name: 'x' };`, 'the file has no default export, only the named export "config".', 'Export it as the default: `export default config;`'],
    ['no default export (TS)', 'prerender.config.ts', `export const config = { name: 'x' };`, 'the file has no default export, only the named export "config".', 'Export it as the default: `export default config;`'],
    ['no export at all', 'prerender.config.mjs', `const config = { name: 'x' };`, 'the file has no default export.', 'default-export'],
    ['a default export that is not an object', 'prerender.config.mjs', `export default 'x';`, 'the default export is a string ("x"), not a config object', 'default-export'],
    ['a default export of undefined', 'prerender.config.mjs', `export default undefined;`, 'the default export is undefined', 'default-export'],
    ['a function returning nothing', 'prerender.config.mjs', `export default () => {};`, 'its default-exported function returned nothing', 'default-export'],
    ['a throw at load', 'prerender.config.mjs', `throw new Error('boom at load');`, 'boom at load', 'The error comes from the code of prerender.config.mjs'],
    ['a throw at load (TS)', 'prerender.config.ts', `const fail = (): never => { throw new Error('boom in ts'); };\nexport default fail();`, 'boom in ts', 'The error comes from the code of prerender.config.ts'],
    ['a function that rejects', 'prerender.config.mjs', `export default async () => { throw new Error('boom in fn'); };`, 'boom in fn', 'The error comes from the code of prerender.config.mjs'],
    ['a syntax error (TS)', 'prerender.config.ts', `export default { name: };`, 'prerender.config.ts:1:24: Unexpected token', 'Fix the code at the line shown'],
    ['a syntax error (JS)', 'prerender.config.mjs', `export default {\n  name: 'x'\n  sitemap: { host: 'https://example.com' },\n};`, "Syntax error in prerender.config.mjs:3:3: Expected ',', got 'ident'", 'Fix the code at the line shown'],
    ['a name a module does not export (JS)', 'prerender.config.mjs', `import { defineConfig } from './helper-config.mjs';\nexport default defineConfig({});`, 'prerender.config.mjs:1:10 imports "defineConfig" from helper-config.mjs, which does not export it.', 'Fix'],
    ['a syntax error in a JS helper of a TS config', 'prerender.config.ts', `import x from './helper.mjs';\nexport default x;`, 'Syntax error in helper.mjs:1:24: Expression expected', 'Fix the code at the line shown'],
    ['a missing import (TS)', 'prerender.config.ts', `import x from './missing';\nexport default x;`, 'prerender.config.ts imports "./missing", which cannot be resolved', 'Fix the import path'],
    ['a missing package (JS)', 'prerender.config.mjs', `import x from 'no-such-package';\nexport default x;`, 'prerender.config.mjs imports "no-such-package", which cannot be resolved', 'npm install no-such-package'],
  ])('%s', async (_, file, source, reason, hint) => {
    const root = writeSite({ [file]: source, 'helper.mjs': 'export default { name: };', 'helper-config.mjs': 'export const config = {};' });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toContain(`Could not load config file ${join(root, file)}`);
    expect(error.message).toContain(reason);
    expect(error.message).not.toContain('you need plugins');
    expect(error.hint).toContain(hint);
    expect(leftovers(root)).toEqual([]);
  });

  it.each([
    ['a Map', `export default new Map([['name', 'x']]);`, 'the default export is a Map, not a config object'],
    ['a Promise', `export default Promise.resolve({ name: 'x' });`, 'the default export is a Promise: export the object, or an async function returning it'],
    ['a class instance', `class Settings { name = 'x'; }\nexport default new Settings();`, 'the default export is a Settings, not a config object'],
    ['an array', `export default [{ name: 'x' }];`, 'the default export is an array, not a config object'],
    ['a function returning a Map', `export default () => new Map();`, 'its default-exported function returned a Map, not a config object'],
    ['an async function returning a string', `export default async () => 'x';`, 'its default-exported function returned a string ("x"), not a config object'],
    ['a function returning null', `export default () => null;`, 'its default-exported function returned null, not a config object'],
  ])('refuses a default export of %s, saying what it got', async (_, source, reason) => {
    const root = writeSite({ 'prerender.config.mjs': source });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Could not load config file ${join(root, 'prerender.config.mjs')}: ${reason}`);
  });

  it('takes an object without a prototype as a plain object', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default Object.assign(Object.create(null), { name: 'bare' });` });
    expect((await loadConfig({ root })).name).toBe('bare');
  });

  it.each([
    ['prerender.config.ts', 'prerender.config.ts'],
    ['prerender.config.mts', 'prerender.config.mts'],
    // Imported by Node as it is, whose error names the package only in its words.
    ['prerender.config.mjs', 'prerender.config.mjs'],
  ])('names the package a %s config imports that is not installed, and the install command', async (file) => {
    const root = writeSite({ [file]: `import { routes } from '@acme/cms-routes/list';\nexport default { prerender: { routes } };` });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Could not load config file ${join(root, file)}: ${file} imports "@acme/cms-routes/list", which cannot be resolved.`);
    expect(error.hint).toBe('Install the package in the site (npm install @acme/cms-routes), or fix the import.');
    expect(leftovers(root)).toEqual([]);
  });

  it.each(['prerender.config.ts', 'prerender.config.mjs'])('a %s importing defineConfig from "prerender" (the command\'s name) is told the package is api-prerender, never to install prerender', async (file) => {
    const root = writeSite({ [file]: `import { defineConfig } from 'prerender';\nexport default defineConfig({ prerender: { routes: ['/api/hello'] } });\n` });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Could not load config file ${join(root, file)}: ${file} imports "prerender", which cannot be resolved.`);
    expect(error.hint).toBe(
      `Import from 'api-prerender' in ${file} (import { defineConfig } from 'api-prerender'): "prerender" is only the name of its command, and the npm package called prerender is another project.`,
    );
    expect(error.hint).not.toContain('npm install');
  });

  it('a config importing a misspelt package is told the installed one it may mean before the install command', async () => {
    const root = writeSite({
      'node_modules/api-prerender/package.json': JSON.stringify({ name: 'api-prerender', type: 'module', exports: { '.': './index.js' } }),
      'prerender.config.ts': `import { defineConfig } from 'api-prerendr';\nexport default defineConfig({});\n`,
    });
    const error = await catchError(() => loadConfig({ root }));
    expect(error.hint).toBe('Did you mean "api-prerender", which is installed? Fix the import; or install the package in the site (npm install api-prerendr).');
  });

  it('a config importing from a path of api-prerender (api-prerender/config) is told its one entry, not to install it', async () => {
    const root = writeSite({
      'node_modules/api-prerender/package.json': JSON.stringify({ name: 'api-prerender', type: 'module', exports: { '.': './index.js' } }),
      'prerender.config.ts': `import { defineConfig } from 'api-prerender/config';\nexport default defineConfig({ prerender: { routes: ['/api/hello'] } });\n`,
    });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toBe(`Could not load config file ${join(root, 'prerender.config.ts')}: prerender.config.ts imports "api-prerender/config", which cannot be resolved.`);
    expect(error.hint).toBe("api-prerender has one entry: import from 'api-prerender' (import { defineConfig } from 'api-prerender').");
  });

  it('a plain JavaScript config importing a path a package does not export: the fix, and Node\'s words once (no stack)', async () => {
    const root = writeSite({
      'node_modules/api-prerender/package.json': JSON.stringify({ name: 'api-prerender', type: 'module', exports: { '.': './index.js' } }),
      'node_modules/api-prerender/index.js': 'export const defineConfig = (config) => config;\n',
      'prerender.config.mjs': `import { defineConfig } from 'api-prerender/config';\nexport default defineConfig({});\n`,
    });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode, error.traceCause]).toEqual(['CONFIG', 2, false]);
    expect(error.message).toMatch(/^Could not load config file .*prerender\.config\.mjs: Package subpath '\.\/config' is not defined by "exports"/);
    expect(error.hint).toBe(`Import a path the package exports (its package.json "exports" lists them); everything api-prerender exports comes from 'api-prerender' (import { defineConfig } from 'api-prerender').`);
  });

  it('names the helper of a TS config that imports a package not installed', async () => {
    const root = writeSite({
      'config/cms.ts': `import { list } from 'cms-client';\nexport const routes = (): string[] => list();`,
      'prerender.config.ts': `import { routes } from './config/cms.ts';\nexport default { prerender: { routes } };`,
    });
    const error = await catchError(() => loadConfig({ root }));
    expect(error.message).toContain(`config/cms.ts imports "cms-client", which cannot be resolved.`);
    expect(error.hint).toContain('npm install cms-client');
  });

  it('still imports the packages a TS config uses from the site, as Node resolves them', async () => {
    const root = writeSite({
      'node_modules/site-routes/package.json': JSON.stringify({ name: 'site-routes', type: 'module', exports: { import: './list.js' } }),
      'node_modules/site-routes/list.js': `export const routes = ['/from-package.json'];`,
      'prerender.config.ts': `import { routes } from 'site-routes';\nimport { join } from 'node:path';\nimport { sep } from 'path';\nexport default { name: join('a', 'b').split(sep)[0], prerender: { routes } };`,
    });
    const config = await loadConfig({ root });
    expect(config.name).toBe('a');
    expect(config.prerender.routes.map((r) => r.route)).toEqual(['/from-package.json']);
  });

  it('passes on a bad key as a CONFIG error naming the key', async () => {
    const root = writeSite({ 'prerender.config.ts': `export default { prerender: { concurrency: '4' } };` });
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toContain('"prerender.concurrency"');
  });

  it('refuses a root that does not exist', async () => {
    const error = await catchError(() => loadConfig({ root: '/nonexistent/site/root' }));
    expect([error.code, error.exitCode]).toEqual(['USAGE', 2]);
    expect(error.message).toContain('/nonexistent/site/root');
  });
});

describe('loadConfig: a cache folder that cannot be written', () => {
  // /sys/kernel takes no new file, from root either (EACCES): the stand-in for a folder made
  // read-only or immutable (chattr +i), which chmod cannot make for root.
  it.skipIf(!existsSync('/sys/kernel'))('names the folder a TypeScript config is compiled into, not the config, which is not at fault', async () => {
    const root = writeSite({ 'prerender.config.ts': `export default { name: 'cached' } satisfies Record<string, unknown>;\n` });
    mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
    const folder = join(root, 'node_modules', '.cache', 'api-prerender');
    symlinkSync('/sys/kernel', folder);
    const error = await catchError(() => loadConfig({ root }));
    expect([error.code, error.exitCode]).toEqual(['WRITE_FAILED', 1]);
    expect(error.message).toMatch(new RegExp(`^Cannot compile the config: ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, the cache folder it is compiled into, cannot be written \\(EACCES: `));
    expect(error.hint).toBe(`Give this user write access to ${folder} (ls -ld shows its owner; lsattr shows a folder made immutable), or remove it: it holds nothing but the build's cache.`);
  });
});
