import { describe, expect, it } from 'vitest';
import { configName, keyOrigin } from '../../src/config/key-origin.ts';
import { loadConfig } from '../../src/config/load.ts';
import { catchError } from '../support/catch-error.ts';
import { writeSite } from '../support/helpers.ts';

describe('configName', () => {
  it.each([
    ['/site', '/site/prerender.config.ts', 'prerender.config.ts'],
    ['/site', '/site/configs/ci.config.mjs', 'configs/ci.config.mjs'],
    ['/site', '/elsewhere/shared.config.ts', '/elsewhere/shared.config.ts'],
    ['/site', undefined, 'prerender.config.ts'],
  ])('names %s + %s as %s', (root, file, name) => {
    expect(configName(root, file)).toBe(name);
  });
});

describe('keyOrigin', () => {
  const origin = keyOrigin('/site', '/site/prerender.config.ts', { preset: 'netlify', prerender: { concurrency: 2 } });

  it.each([
    ['preset', 'the `config` option'],
    ['prerender.concurrency', 'the `config` option'],
    ['prerender.timeout', 'prerender.config.ts'],
    ['prerender.routes[3].route', 'prerender.config.ts'],
    ['name', 'prerender.config.ts'],
  ])('%s was set in %s', (key, where) => {
    expect(origin(key)).toBe(where);
  });

  it('without a config file, a key no option sets was set by no one', () => {
    expect(keyOrigin('/site', undefined, {})('name')).toBeUndefined();
  });
});

describe('a bad key names where it was set, through loadConfig', () => {
  it('in the options overriding the file', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default { preset: 'netlify' };` });
    const error = await catchError(() => loadConfig({ root, config: { preset: 'vercell' as 'vercel' } }));
    expect(error.message).toBe('Config key "preset" in the `config` option must be static | netlify | cloudflare | vercel | github-pages, got "vercell"; did you mean "vercel"?');
    expect(error.hint).toBe('Set "preset" to "vercel" in the `config` option.');
  });

  it('in the file, with the options setting others', async () => {
    const root = writeSite({ 'prerender.config.mjs': `export default { prerender: { validate: 'warning' } };` });
    const error = await catchError(() => loadConfig({ root, config: { prerender: { concurrency: 2 } } }));
    expect(error.message).toBe(`Config key "prerender.validate" in prerender.config.mjs must be 'warn' | 'error' | false, got "warning"; did you mean "warn"?`);
    expect(error.hint).toBe('Set "prerender.validate" to "warn" in prerender.config.mjs.');
  });
});
