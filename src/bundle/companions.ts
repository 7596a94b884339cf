/**
 * What the server bundle needs beside the apiRoutes plugin, for a user's own Rollup config that names
 * only apiRoutes(): our TypeScript transform, node-resolve with the `node` condition, CommonJS, JSON.
 */
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import nodeResolve from '@rollup/plugin-node-resolve';
import type { InputOptions, Plugin } from 'rollup';
import { typescriptPlugin } from './typescript.ts';

/** `input` with the companions it lacks (by plugin name) added after its own plugins. */
export function withCompanions(input: InputOptions, root: string): InputOptions {
  const plugins = ([input.plugins] as unknown[]).flat(Infinity) as (Plugin | null | false | undefined)[];
  const names = new Set(plugins.map((plugin) => (plugin ? plugin.name : undefined)));
  const missing: Plugin[] = [];
  if (!names.has('api-prerender:typescript')) missing.push(typescriptPlugin(root));
  if (!names.has('node-resolve')) missing.push(nodeResolve({ exportConditions: ['node'], preferBuiltins: true, extensions: ['.mjs', '.js', '.json', '.ts', '.mts'] }));
  if (!names.has('commonjs')) missing.push(commonjs());
  if (!names.has('json')) missing.push(json());
  return missing.length === 0 ? input : { ...input, plugins: [...plugins, ...missing] };
}
