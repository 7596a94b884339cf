import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/index.ts';
import { catchErrorSync } from '../support/catch-error.ts';

describe('apiRoutes plugin options', () => {
  it.each(['a b', 'x?y', '../x', 'a//b'])('refuses apiPrefix %j as the config does, naming the key', (apiPrefix) => {
    const error = catchErrorSync(() => apiRoutes({ apiPrefix }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('"apiPrefix"');
  });

  it('accepts a prefix with leading and trailing slashes', () => {
    expect(apiRoutes({ apiPrefix: '/services/v2/' }).name).toBe('api-prerender:routes');
  });
});

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
