import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errors, PrerenderError } from '../errors.ts';
import { settleWithin } from '../settle-within.ts';
import { configFileNames, defaults } from './defaults.ts';
import { mergeConfig, resolveConfig } from './resolve.ts';
import type { ConfigExport, ResolvedConfig, UserConfig } from './types.ts';
import { isPlainObject, kindOf } from '../value-kind.ts';

/** Where the config lives and what overrides it. */
export interface LoadConfigOptions {
  /** The site root. @default process.cwd() */
  root?: string;
  /** A config file relative to the root, or `false` for none. @default looks up prerender.config.{ts,mts,js,mjs} */
  configFile?: string | false;
  /** Options that win over the file's, such as command-line flags. */
  config?: UserConfig;
}

/**
 * Compiles a TypeScript config file into an ES module and returns the module's path (which the
 * caller removes after importing it).
 */
export type ConfigCompiler = (file: string) => Promise<string>;

/** Finds, loads and resolves the site's config. */
export function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  return loadConfigWith(options, compileHere);
}

/**
 * {@link loadConfig} with TypeScript configs compiled by `compile`: `prerender build` compiles in its
 * toolchain worker, so that Rollup and TypeScript never load into the thread that prerenders.
 */
export async function loadConfigWith(options: LoadConfigOptions, compile: ConfigCompiler): Promise<ResolvedConfig> {
  const root = resolve(options.root ?? process.cwd());
  if (!existsSync(root)) throw errors.usage(`Site root ${root} does not exist.`, 'Pass the folder that holds your site.');
  const file = findConfigFile(root, options.configFile);
  const fromFile = file ? await importConfigFile(file, compile, settleBound(options.config)) : {};
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

/**
 * How long a config file's function may take to settle: prerender.timeout as known before the file
 * loads, from the options that override the file (such as build()'s `config`), else its default.
 */
function settleBound(over: UserConfig | undefined): number {
  const timeout = over?.prerender?.timeout;
  return Number.isInteger(timeout) && timeout! > 0 ? timeout! : defaults.prerender.timeout;
}

/** Imports the file (compiling TypeScript with Rollup first) and unwraps a function export, given `timeout` ms to settle. */
async function importConfigFile(file: string, compile: ConfigCompiler, timeout: number): Promise<UserConfig> {
  let exported: unknown;
  let fromFunction = false;
  try {
    const module = /\.m?ts$/.test(file) ? await importTypeScript(file, compile) : await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
    if (!('default' in module)) throw new Error('the file has no default export');
    exported = (module as { default: ConfigExport }).default;
    if (typeof exported === 'function') {
      fromFunction = true;
      const made = exported as () => unknown;
      exported = await settleWithin(Promise.resolve().then(made), timeout, () => errors.configTimedOut(file, timeout));
      if (exported === undefined) throw new Error('its default-exported function returned nothing');
    }
  } catch (error) {
    // A syntax error in the config is a config error (exit 2), named as one.
    if (error instanceof PrerenderError && error.code !== 'COMPILE') throw error;
    throw errors.configLoad(file, error);
  }
  if (!isPlainObject(exported)) throw errors.configLoad(file, new Error(notAConfig(kindOf(exported), fromFunction)));
  return exported as UserConfig;
}

/** Why a default export (or what its function returned) is no config; a Promise has its own fix. */
function notAConfig(kind: string, fromFunction: boolean): string {
  if (kind === 'a Promise' && !fromFunction) return 'the default export is a Promise: export the object, or an async function returning it';
  return `${fromFunction ? 'its default-exported function returned' : 'the default export is'} ${kind}, not a config object`;
}

/** Imports a TypeScript config through `compile`, then removes the compiled file. */
async function importTypeScript(file: string, compile: ConfigCompiler) {
  const out = await compile(file);
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    await rm(out, { force: true });
  }
}

/** Compiles in this thread; Rollup and TypeScript are imported only when a config needs them. */
async function compileHere(file: string): Promise<string> {
  const { compileConfig } = await import('../bundle/compile-config.ts');
  return compileConfig(file);
}
