import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import json from '@rollup/plugin-json';
import { rollup } from 'rollup';
import { errors, PrerenderError } from '../errors.ts';
import { typescriptPlugin } from '../bundle/typescript.ts';
import { publicEntry } from '../paths.ts';
import { configFileNames } from './defaults.ts';
import { mergeConfig, resolveConfig } from './resolve.ts';
import type { ConfigExport, ResolvedConfig, UserConfig } from './types.ts';

/** Where the config lives and what overrides it. */
export interface LoadConfigOptions {
  /** The site root. @default process.cwd() */
  root?: string;
  /** A config file relative to the root, or `false` for none. @default looks up prerender.config.{ts,mts,js,mjs} */
  configFile?: string | false;
  /** Options that win over the file's, such as command-line flags. */
  config?: UserConfig;
}

/** Finds, loads and resolves the site's config. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const root = resolve(options.root ?? process.cwd());
  if (!existsSync(root)) throw errors.usage(`Site root ${root} does not exist.`, 'Pass the folder that holds your site.');
  const file = findConfigFile(root, options.configFile);
  const fromFile = file ? await importConfigFile(file) : {};
  return resolveConfig(mergeConfig(fromFile, options.config ?? {}), root, file);
}

function findConfigFile(root: string, configFile: string | false | undefined): string | undefined {
  if (configFile === false) return undefined;
  if (configFile !== undefined) {
    const file = isAbsolute(configFile) ? configFile : resolve(root, configFile);
    if (!existsSync(file)) throw errors.configNotFound(file);
    return file;
  }
  return configFileNames.map((name) => join(root, name)).find((file) => existsSync(file));
}

/** Imports the file (compiling TypeScript with Rollup first) and unwraps a function export. */
async function importConfigFile(file: string): Promise<UserConfig> {
  let exported: unknown;
  try {
    const module = /\.m?ts$/.test(file) ? await importTypeScript(file) : await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
    if (!('default' in module)) throw new Error('the file has no default export');
    exported = (module as { default: ConfigExport }).default;
    if (typeof exported === 'function') {
      exported = await exported();
      if (exported === undefined) throw new Error('its default-exported function returned nothing');
    }
  } catch (error) {
    if (error instanceof PrerenderError) throw error;
    throw errors.configLoad(file, withoutRollupNote(error));
  }
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) {
    throw errors.configLoad(file, new Error(`the default export is ${JSON.stringify(exported) ?? typeof exported}, not a config object`));
  }
  return exported as UserConfig;
}

/** Rollup's parse errors end in a note about plugins, which misleads about a config's syntax error. */
function withoutRollupNote(error: unknown): unknown {
  if (!(error instanceof Error) || !/ \(Note that you need plugins to import files that are not JavaScript\)$/.test(error.message)) return error;
  return new Error(error.message.replace(/ \(Note that you need plugins[^)]*\)$/, ''), { cause: error });
}

/**
 * Bundles a TypeScript config with the same Rollup + TypeScript toolchain as the routes (as Rollup's
 * own --configPlugin does), writes it beside the config so its bare imports resolve from the site,
 * imports it and removes the file.
 */
async function importTypeScript(file: string) {
  const bundle = await rollup({
    input: file,
    plugins: [
      {
        name: 'api-prerender:self',
        resolveId: (id) => (id === 'api-prerender' ? { id: publicEntry, external: true } : null),
      },
      typescriptPlugin(dirname(file), { check: false }),
      json(),
    ],
    // Bare imports stay imports, resolved from the site; 'api-prerender' is this package (above).
    external: (id) => id !== 'api-prerender' && !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    onwarn: () => {},
  });
  const out = join(dirname(file), `${basename(file)}.timestamp-${Date.now()}-${process.pid}.mjs`);
  try {
    await bundle.write({ file: out, format: 'es' });
    return await import(pathToFileURL(out).href);
  } finally {
    await bundle.close();
    await rm(out, { force: true });
  }
}
