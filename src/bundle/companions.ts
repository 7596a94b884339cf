/**
 * What the server bundle needs beside the apiRoutes plugin: our TypeScript transform, node-resolve with
 * the `node` condition, CommonJS, JSON. `prerender build` and `prerender dev` use them as they are; a
 * user's own Rollup config that names only apiRoutes() gets the ones it lacks added.
 */
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import type { InputOptions, Plugin } from 'rollup';
import { resolvePackages } from './resolve-packages.ts';
import { typescriptPlugin } from './typescript.ts';

/** The companion plugins for a site rooted at `root` (its tsconfig.json, its node_modules). */
export function companionPlugins(root: string): Plugin[] {
  return [
    typescriptPlugin(root),
    resolvePackages({ exportConditions: ['node'], preferBuiltins: true, rootDir: root, extensions: ['.mjs', '.js', '.json', '.ts', '.mts'] }),
    commonjs(),
    json(),
  ];
}

/** `input` with the companions it lacks (by plugin name) added after its own plugins. */
export function withCompanions(input: InputOptions, root: string): InputOptions {
  const plugins = ([input.plugins] as unknown[]).flat(Infinity) as (Plugin | null | false | undefined)[];
  const names = new Set(plugins.map((plugin) => (plugin ? plugin.name : undefined)));
  const missing = companionPlugins(root).filter((plugin) => !names.has(plugin.name));
  return missing.length === 0 ? input : { ...input, plugins: [...plugins, ...missing] };
}
