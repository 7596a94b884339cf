import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkOptions, is } from '../api-options.ts';
import { warn, type Logger } from '../log.ts';
import { errors, PrerenderError } from '../errors.ts';
import { settleWithin } from '../settle-within.ts';
import { decideConfigLoad } from './config-format.ts';
import { defaults } from './defaults.ts';
import { findConfigFile } from './find-config-file.ts';
import { keyOrigin } from './key-origin.ts';
import { shortPath } from './output-paths.ts';
import { mergeConfig, resolveConfigParts, withRoutes, type ConfigParts } from './resolve.ts';
import type { ResolvedConfig, UserConfig } from './types.ts';
import { isPlainObject, kindOf } from '../value-kind.ts';

/** Where the config lives and what overrides it. */
export interface LoadConfigOptions {
  /** The site root. @default process.cwd() */
  root?: string;
  /** A config file relative to the root, or `false` for none. @default looks up prerender.config.{ts,mts,js,mjs} */
  configFile?: string | false;
  /** Options that win over the file's, such as command-line flags. */
  config?: UserConfig;
  /** Where a warning about the config files goes (another one beside the file used). @default none */
  logger?: Logger;
}

/**
 * Compiles a config file (TypeScript, or a JavaScript ES module: config-format.ts) into an ES module
 * and returns the module's path (which the caller removes after importing it).
 */
export type ConfigCompiler = (file: string) => Promise<string>;

/** What each of {@link LoadConfigOptions} takes (api-options.ts). */
export const loadConfigChecks = {
  root: is.string,
  configFile: is.fileOrFalse,
  config: is.config,
  logger: is.logger,
} satisfies Record<keyof LoadConfigOptions, unknown>;

/** The options of {@link loadConfig} among `options` (a server's, which has its own besides). */
export const configOptionsOf = ({ root, configFile, config, logger }: LoadConfigOptions): LoadConfigOptions => ({ root, configFile, config, logger });

/** Finds, loads and resolves the site's config. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  checkOptions('loadConfig()', options, loadConfigChecks, "loadConfig({ root: 'my-site' })");
  return withRoutes(await loadConfigWith(options, compileHere));
}

/**
 * {@link loadConfig} for the servers (`prerender dev`, `prerender preview`), which answer routes as
 * they are asked and read no route list: a function given as `prerender.routes` is not called (the
 * config's routes stay empty), so a CMS that is down or a token not set stops no local server.
 */
export async function loadServerConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  return (await loadConfigWith(options, compileHere)).config;
}

/**
 * {@link loadConfig} with TypeScript configs compiled by `compile` (`prerender build` compiles in its
 * toolchain process, so that Rollup never loads into the process that prerenders), and a routes
 * function left for the caller to call (see ConfigParts).
 */
export async function loadConfigWith(options: LoadConfigOptions, compile: ConfigCompiler): Promise<ConfigParts> {
  const root = resolve(options.root ?? process.cwd());
  if (!existsSync(root)) throw errors.usage(`Site root ${root} does not exist.`, 'Pass the folder that holds your site.');
  const file = findConfigFile(root, options.configFile, (warning) => options.logger && warn(options.logger, warning));
  const fromFile = file ? await importConfigFile(file, compile, settleBound(options.config)) : {};
  return resolveConfigParts(mergeConfig(fromFile, options.config ?? {}), root, file, keyOrigin(root, file, options.config));
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
  const module = await importModule(file, compile);
  if (!('default' in module)) throw errors.configNoDefault(file, Object.keys(module));
  let exported: unknown = module.default;
  const fromFunction = typeof exported === 'function';
  if (fromFunction) {
    const made = exported as () => unknown;
    const late = errors.configTimedOut(file, timeout);
    exported = await settleWithin(Promise.resolve().then(made), timeout, () => late).catch((error: unknown) => {
      throw error === late ? late : errors.configLoad(file, error);
    });
    if (exported === undefined) throw errors.configExport(file, 'its default-exported function returned nothing');
  }
  if (!isPlainObject(exported)) throw errors.configExport(file, notAConfig(kindOf(exported), fromFunction));
  return exported as UserConfig;
}

/**
 * The config file's module: one to compile (TypeScript, or a `.js` ES module Node would have to guess
 * is one: config-format.ts) compiled by `compile`, imported, then removed (its source map is inline,
 * so stacks through it name the config's lines after it is gone). Whatever fails to load is a config
 * error (exit 2), a syntax error included.
 */
async function importModule(file: string, compile: ConfigCompiler): Promise<Record<string, unknown>> {
  let compiled: string | undefined;
  try {
    const load = decideConfigLoad(file);
    compiled = load.how === 'import' ? undefined : await compile(file);
    if (load.how === 'refuse') throw errors.configInCommonJsPackage(file, shortPath(dirname(file), load.packageJson));
    return (await import(compiled ? pathToFileURL(compiled).href : freshUrl(file))) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PrerenderError && error.code !== 'COMPILE') throw error;
    throw errors.configLoad(file, compiled === undefined ? await locatedImportError(file, error, compile) : error);
  } finally {
    if (compiled) await rm(compiled, { force: true });
  }
}

/**
 * Node's error for a JavaScript config says neither where a syntax error is (nor, for a name a module
 * does not export, where it is imported), and names a package not installed only in its words, so
 * the fix could not: compiled, the config's error says so (file:line:column with its code frame; the
 * unresolved import named, with the package meant, such as 'api-prerender' for 'prerender'). Else
 * `error` as it was.
 */
async function locatedImportError(file: string, error: unknown, compile: ConfigCompiler): Promise<unknown> {
  if ((error as { code?: unknown } | undefined)?.code !== 'ERR_MODULE_NOT_FOUND' && !(error instanceof SyntaxError)) return error;
  try {
    await rm(await compile(file), { force: true });
  } catch (located) {
    if (located instanceof PrerenderError && located.code === 'COMPILE') return located;
  }
  return error;
}

/** JavaScript config files this process has imported: Node keeps each module it imports by URL. */
const imported = new Set<string>();

/**
 * The URL to import a JavaScript config at: its own the first time, so that its stack traces name it
 * as it is; with a query after that, so that a reload (`prerender dev`) reads the file as it is now.
 */
function freshUrl(file: string): string {
  const url = pathToFileURL(file).href;
  if (!imported.has(file)) {
    imported.add(file);
    return url;
  }
  return `${url}?t=${Date.now()}`;
}

/** Why a default export (or what its function returned) is no config; a Promise has its own fix. */
function notAConfig(kind: string, fromFunction: boolean): string {
  if (kind === 'a Promise' && !fromFunction) return 'the default export is a Promise: export the object, or an async function returning it';
  return `${fromFunction ? 'its default-exported function returned' : 'the default export is'} ${kind}, not a config object`;
}

/** Compiles in this thread; Rollup and TypeScript are imported only when a config needs them. */
async function compileHere(file: string): Promise<string> {
  const { compileConfig } = await import('../bundle/compile-config.ts');
  return compileConfig(file);
}
