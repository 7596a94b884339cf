/**
 * The library's options objects (src/api-options.ts): what a JavaScript caller, or a vite.config.ts no
 * type check reads, gets wrong is a USAGE error naming the option and a right call, before anything
 * is built or written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes as rollupApiRoutes } from '../src/bundle/plugin.ts';
import { build, createDevServer, createPreviewServer, loadConfig, merge } from '../src/index.ts';
import { apiRoutes as viteApiRoutes } from '../src/vite/plugin.ts';
import { catchError, catchErrorSync } from './support/catch-error.ts';
import { route, writeSite } from './support/helpers.ts';

const root = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`), 'prerender.config.mjs': "export default { prerender: { routes: ['/api/a.txt'] } };\n" });
const call = "Call it as build({ root: 'my-site' }).";

describe('build() options', () => {
  it.each([
    ['a string for the options', 'my-site', 'build() takes an options object, got a string ("my-site").', call],
    ['a misspelt option', { rot: root }, 'Unknown option "rot" of build(); did you mean "root"?', 'Pass root instead.'],
    ['a config key beside the options', { root, preset: 'netlify' }, 'Unknown option "preset" of build(): it is a key of the site config.', 'Put it under config: build({ config: { preset: ... } }), or in prerender.config.ts.'],
    ['the shard as the flag writes it', { root, shard: '1/2' }, `Option "shard" of build() must be { index, count } with 1 <= index <= count (parseShard('1/2') makes one from the flag's text), got a string ("1/2").`, `Give shard { index, count } with 1 <= index <= count (parseShard('1/2') makes one from the flag's text).`],
    ['a shard past its count', { root, shard: { index: 3, count: 2 } }, `Option "shard" of build() must be { index, count } with 1 <= index <= count (parseShard('1/2') makes one from the flag's text), got an object.`, `Give shard { index, count } with 1 <= index <= count (parseShard('1/2') makes one from the flag's text).`],
    ['a config file where the config object goes', { root, config: 'prerender.config.ts' }, 'Option "config" of build() must be the config object ({ prerender: { routes: [...] } }); a config file is named by configFile, got a string ("prerender.config.ts").', 'Give config the config object ({ prerender: { routes: [...] } }); a config file is named by configFile.'],
    ['typecheck as text', { root, typecheck: 'no' }, 'Option "typecheck" of build() must be true or false, got a string ("no").', 'Give typecheck true or false.'],
    ['a logger without all its methods', { root, logger: { info() {} } }, 'Option "logger" of build() must be a logger: an object with info, warn, error and progress methods (createLogger() makes one), got an object.', 'Give logger a logger: an object with info, warn, error and progress methods (createLogger() makes one).'],
    ['a signal that is no AbortSignal', { root, signal: true }, 'Option "signal" of build() must be an AbortSignal (new AbortController().signal), got a boolean (true).', 'Give signal an AbortSignal (new AbortController().signal).'],
  ])('%s: USAGE, naming it, and nothing written', async (_, options, message, hint) => {
    const error = await catchError(() => build(options as never));
    expect([error.code, error.message, error.hint]).toEqual(['USAGE', message, hint]);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('takes every option it documents', async () => {
    const site = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`), 'prerender.config.mjs': "export default { prerender: { routes: ['/api/a.txt'] } };\n" });
    const report = await build({ root: site, configFile: 'prerender.config.mjs', config: { name: 'checked' }, typecheck: false, signal: new AbortController().signal, now: () => 0, logger: undefined });
    expect(report.ok).toBe(1);
  });
});

describe('apiRoutes() options', () => {
  it.each([
    ['Rollup', rollupApiRoutes],
    ['Vite', viteApiRoutes],
  ])('%s: a misspelt option and a config key are USAGE errors naming them', (_, apiRoutes) => {
    const misspelt = catchErrorSync(() => apiRoutes({ apiPrefx: 'x' } as never));
    expect([misspelt.code, misspelt.message, misspelt.hint]).toEqual(['USAGE', 'Unknown option "apiPrefx" of apiRoutes(); did you mean "apiPrefix"?', 'Pass apiPrefix instead.']);
    const config = catchErrorSync(() => apiRoutes({ preset: 'netlify' } as never));
    expect([config.message, config.hint]).toEqual(['Unknown option "preset" of apiRoutes(): it is a key of the site config.', 'Put it in prerender.config.ts, which apiRoutes() reads.']);
    // A shorter name of one option, as other tools call it (Analog's and Nitro's `prefix`).
    const shorter = catchErrorSync(() => apiRoutes({ prefix: 'api' } as never));
    expect([shorter.message, shorter.hint]).toEqual(['Unknown option "prefix" of apiRoutes(); did you mean "apiPrefix"?', 'Pass apiPrefix instead.']);
  });

  it('Vite: configFile is its own, and false is taken', () => {
    expect(viteApiRoutes({ configFile: false, apiPrefix: 'api' }).name).toBe('api-prerender:routes');
    expect(catchErrorSync(() => rollupApiRoutes({ configFile: false } as never)).message).toBe('Unknown option "configFile" of apiRoutes().');
  });
});

describe('merge(), loadConfig() and the servers\' options', () => {
  const shards = "Call it as merge({ shardDirs: ['dist/site.shard-1-of-2', 'dist/site.shard-2-of-2'] }).";
  it.each([
    ['merge() without options', () => merge(undefined as never), 'merge() needs shardDirs: the folders `prerender build --shard k/n` wrote, one per shard.'],
    ['merge() given the folders alone', () => merge(['dist/site.shard-1-of-2'] as never), 'merge() takes an options object, got an array.', shards],
    ['merge() given one folder as a string', () => merge({ shardDirs: 'dist/site.shard-1-of-2' } as never), 'Option "shardDirs" of merge() must be an array of folder paths (strings), got a string ("dist/site.shard-1-of-2").', 'Give shardDirs an array of folder paths (strings).'],
    ['merge() given a root', () => merge({ root, shardDirs: [] } as never), 'Unknown option "root" of merge().', 'The options are shardDirs, outDir, logger.'],
    ['loadConfig() given the root as a string', () => loadConfig('my-site' as never), 'loadConfig() takes an options object, got a string ("my-site").', "Call it as loadConfig({ root: 'my-site' })."],
    ['loadConfig() with a misspelt option', () => loadConfig({ roots: root } as never), 'Unknown option "roots" of loadConfig(); did you mean "root"?', 'Pass root instead.'],
    ['createPreviewServer() with a misspelt port', () => createPreviewServer({ root, prot: 0 } as never), 'Unknown option "prot" of createPreviewServer(); did you mean "port"?', 'Pass port instead.'],
    ['createDevServer() given the root as a string', () => createDevServer('my-site' as never), 'createDevServer() takes an options object, got a string ("my-site").', "Call it as createDevServer({ root: 'my-site', port: 3000 })."],
    ['createDevServer() with a misspelt host', () => createDevServer({ root, port: 0, hots: '127.0.0.1' } as never), 'Unknown option "hots" of createDevServer(); did you mean "host"?', 'Pass host instead.'],
  ])('%s: USAGE naming it, before anything listens or is written (they read a plain JavaScript caller\'s typo as a default before)', async (_, run, message, hint?: string) => {
    const error = await catchError(run);
    expect([error.code, error.message]).toEqual(['USAGE', message]);
    if (hint) expect(error.hint).toBe(hint);
  });

  it('the servers take every option they document', async () => {
    const site = writeSite({ 'src/server/routes/api/a.txt.ts': route(`() => 'a'`) });
    const dev = await createDevServer({ root: site, configFile: false, config: { apiPrefix: 'api' }, port: 0, host: '127.0.0.1', bodyLimit: 1024, logger: undefined });
    await dev.close();
  });
});
