import { constants as bufferLimits } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { errors } from '../errors.ts';
import { configChecks, type ConfigChecks } from './config-checks.ts';
import { defaults } from './defaults.ts';
import { configName, type KeyOrigin } from './key-origin.ts';
import { checkModeMeant, checkModeRule, isCheckMode, type CheckMode } from './check-mode.ts';
import { resolveCompress } from './resolve-compress.ts';
import { resolveCrawl } from './resolve-crawl.ts';
import { resolveRetry } from './resolve-retry.ts';
import { checkCacheDir, checkOutput } from './output-paths.ts';
import { presetMeant } from './preset-meant.ts';
import { presets, type Preset, type PrerenderRoute, type ResolvedConfig, type UserConfig } from './types.ts';
import { everyKey, prerenderKeys, topKeys } from './config-keys.ts';
import { listedRoutes, routesOfFunction } from './resolve-routes.ts';


/**
 * UserConfig -> ResolvedConfig in one step: checks every key, applies {@link defaults}, makes paths
 * absolute and calls `prerender.routes` when it is a function. Throws a CONFIG error naming the key
 * and where it was set (`origin`: by default the config file, see key-origin.ts).
 */
export async function resolveConfig(input: unknown, root: string, configFile?: string, origin?: KeyOrigin): Promise<ResolvedConfig> {
  return withRoutes(resolveConfigParts(input, root, configFile, origin));
}

/**
 * A config resolved but for the routes a function lists: `config.prerender.routes` is empty until
 * `listRoutes` (present when `prerender.routes` is a function) calls it. A build calls it once the
 * bundle is made, so that the site's list and what making it leaves never sit beside the bundler
 * (pipeline/plan.ts).
 */
export interface ConfigParts {
  config: ResolvedConfig;
  listRoutes?: () => Promise<PrerenderRoute[]>;
}

/** The config of `parts` with its routes listed. */
export async function withRoutes(parts: ConfigParts): Promise<ResolvedConfig> {
  const { config, listRoutes } = parts;
  if (listRoutes) config.prerender.routes = await listRoutes();
  return config;
}

/**
 * {@link resolveConfig} but for a routes function, which it checks is one and leaves to
 * `listRoutes`; an array of routes is checked here.
 */
export function resolveConfigParts(
  input: unknown,
  root: string,
  configFile?: string,
  origin: KeyOrigin = () => (configFile === undefined ? undefined : configName(root, configFile)),
): ConfigParts {
  const check = configChecks(origin);
  const user = check.objectAt('config', input) as UserConfig;
  // Every key is read through check.each: one that is wrong is kept (its default read in its place)
  // until check.done() says all of them at once.
  const { each } = check;
  check.eachKey('', user, topKeys, everyKey);
  const pre = (user.prerender === undefined ? undefined : each(() => check.objectAt('prerender', user.prerender))) ?? {};
  check.eachKey('prerender.', pre, prerenderKeys, everyKey);
  // The site's address given alone (`sitemap: 'https://example.com'`) was meant as its host.
  const sitemap = (pre.sitemap === undefined ? undefined : each(() => check.objectAt('prerender.sitemap', pre.sitemap, undefined, typeof pre.sitemap === 'string' ? { host: pre.sitemap } : undefined))) ?? {};
  check.eachKey('prerender.sitemap.', sitemap, ['host'], everyKey);

  const name = each(() => check.optional<string>('name', user.name, isFolderName, folderNameRule) ?? defaultName(root, check));
  const path = (key: 'routesDir' | 'publicDir' | 'outDir' | 'cacheDir') =>
    resolve(root, each(() => check.optional<string>(key, user[key], isNonEmpty, 'a non-empty path')) ?? defaults[key]);

  const dirs = { routesDir: path('routesDir'), publicDir: path('publicDir'), outDir: path('outDir') };
  const cacheDir = path('cacheDir');
  // Where the folders go, once their names are known to be right.
  if (name !== undefined) {
    each(() => checkOutput(root, name, dirs, origin('outDir')));
    each(() => checkCacheDir(root, name, { ...dirs, cacheDir }, origin('cacheDir')));
  }
  // The top level's keys, then prerender's: as a config file is mostly written.
  const top = {
    apiPrefix: each(() => resolveApiPrefix(user.apiPrefix, check)) ?? defaults.apiPrefix,
    publicDotFiles: each(() => check.optional<boolean>('publicDotFiles', user.publicDotFiles, isBoolean, 'true or false', booleanMeant)) ?? defaults.publicDotFiles,
    preset: each(() => check.oneOf('preset', user.preset, presets, undefined, presetMeant)) ?? defaults.preset,
    mistypedFiles: each(() => check.oneOf('mistypedFiles', user.mistypedFiles, ['error', 'warn'] as const, "'error' | 'warn'")) ?? defaults.mistypedFiles,
    compress: each(() => resolveCompress(user.compress ?? defaults.compress, undefined, check)) ?? [],
    cache: each(() => check.optional<boolean>('cache', user.cache, isBoolean, 'true or false', booleanMeant)) ?? defaults.cache,
  };
  // Before the routes: a routes function is given this long to settle.
  const timeout = each(() => check.optional<number>('prerender.timeout', pre.timeout, isPositiveInt, `a whole number of milliseconds from 1 to ${maxTimeout}`, millisecondsMeant)) ?? defaults.prerender.timeout;

  const routes = pre.routes;
  const where = origin('prerender.routes') ?? 'the config';
  const listRoutes = typeof routes === 'function' ? () => routesOfFunction(routes as () => unknown, timeout, check, where) : undefined;
  const prerender: ResolvedConfig['prerender'] = {
    routes: (listRoutes ? [] : each(() => listedRoutes(routes, check))) ?? [],
    routesFrom: routes === undefined ? 'unset' : listRoutes ? 'function' : 'array',
    sitemapHost: each(() => check.optional<string>('prerender.sitemap.host', sitemap.host, isHttpUrl, 'an absolute http(s) URL such as "https://example.com"', withScheme)),
    concurrency: each(() => check.optional<number>('prerender.concurrency', pre.concurrency, isConcurrency, concurrencyRule, numberMeant)) ?? defaults.prerender.concurrency,
    timeout,
    maxBodySize: each(() => check.optional<number>('prerender.maxBodySize', pre.maxBodySize, isBodySize, `a whole number of bytes from 1 to ${bufferLimits.MAX_LENGTH}`, numberMeant)) ?? defaults.prerender.maxBodySize,
    failOnError: each(() => check.optional<boolean>('prerender.failOnError', pre.failOnError, isBoolean, 'true or false', booleanMeant)) ?? defaults.prerender.failOnError,
    retry: each(() => resolveRetry(pre.retry, check)),
    validate: each(() => check.optional<CheckMode>('prerender.validate', pre.validate, isCheckMode, checkModeRule, checkModeMeant)) ?? defaults.prerender.validate,
    crawl: each(() => resolveCrawl(pre.crawl, check)),
    links: each(() => check.optional<CheckMode>('prerender.links', pre.links, isCheckMode, checkModeRule, checkModeMeant)) ?? defaults.prerender.links,
  };
  const config: ResolvedConfig = {
    root,
    name: name!,
    ...dirs,
    ...top,
    cacheDir,
    prerender,
    configFile,
  };
  check.done();
  return { config, listRoutes };
}

/**
 * `apiPrefix` checked and without leading or trailing `/`. The config and the apiRoutes plugin (usable
 * in a user's own Rollup config) share this one rule. Throws a CONFIG error naming the key (and,
 * through `check`, where it was set).
 */
export function resolveApiPrefix(value: unknown, check: ConfigChecks = configChecks()): string {
  const prefix = check.optional<string>('apiPrefix', value, isApiPrefix, apiPrefixRule);
  return trimSlashes(prefix ?? defaults.apiPrefix);
}

/**
 * Inline options (the CLI's flags, a test's overrides) over the file's config; `prerender` merges one
 * level deep. A key set to `undefined` in `over` leaves the file's value alone.
 * @example mergeConfig({ name: 'a', prerender: { timeout: 5 } }, { prerender: { concurrency: 2 } }) // { name: 'a', prerender: { timeout: 5, concurrency: 2 } }
 */
export function mergeConfig(base: UserConfig, over: UserConfig): UserConfig {
  const merged: UserConfig = { ...base, ...defined(over) };
  if (isObject(base.prerender) && isObject(over.prerender)) merged.prerender = { ...base.prerender, ...defined(over.prerender) };
  return merged;
}

const defined = <T extends object>(object: T): Partial<T> =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

function defaultName(root: string, check: ConfigChecks): string {
  const pkg = join(root, 'package.json');
  if (existsSync(pkg)) {
    try {
      const name: unknown = JSON.parse(readFileSync(pkg, 'utf8')).name;
      const unscoped = typeof name === 'string' ? name.replace(/^@[^/]+\//, '') : undefined;
      if (isFolderName(unscoped)) return unscoped;
    } catch {
      // An unreadable package.json only means the folder name is used.
    }
  }
  const folder = basename(root);
  if (!isFolderName(folder)) check.fail('name', `set in the config, as the root folder's name cannot be used: ${folderNameRule}`, folder);
  return folder;
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');
const isNonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
const isBoolean = (v: unknown) => typeof v === 'boolean';
/** A number written as a string (`'4'`): the number it was meant to be. */
const numberMeant = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : undefined);
/** A time written as a string (`'5s'`, `'500ms'`, `'5000'`): the milliseconds meant. */
function millisecondsMeant(v: unknown): number | undefined {
  const time = typeof v === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/.exec(v) : null;
  return time ? Math.round(Number(time[1]) * (time[2] === 's' ? 1000 : 1)) : undefined;
}
/** `'true'` or `'false'`: the boolean meant. */
const booleanMeant = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : undefined);
/** setTimeout's limit: a longer delay fires at once. */
const maxTimeout = 2 ** 31 - 1;
/** A body is read into one Buffer: at most the largest this Node can make. */
const isBodySize = (v: unknown) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= bufferLimits.MAX_LENGTH;
const isPositiveInt = (v: unknown) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= maxTimeout;
const folderNameRule = 'a folder name (no /, \\, control characters or leading dot, at most 255 bytes)';
const isFolderName = (v: unknown): v is string => typeof v === 'string' && /^[^/\\.\0-\x1f][^/\\\0-\x1f]*$/.test(v) && Buffer.byteLength(v) <= 255;
/** What `prerender.concurrency` (and `--concurrency`) may be. */
export const concurrencyRule = 'a whole number from 1 to 1024';
/** Whether `v` can be a `prerender.concurrency`: {@link concurrencyRule}. */
export const isConcurrency = (v: unknown) => isPositiveInt(v) && (v as number) <= 1024;
/** What `apiPrefix` (and `--api-prefix`) may be. */
export const apiPrefixRule = 'URL segments made of A-Z a-z 0-9 . _ ~ - and /';
/** Whether `v` can be an `apiPrefix`: {@link apiPrefixRule}, without `.` or `..` segments or `//`. */
export const isApiPrefix = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9._~\-/]*$/.test(v) && trimSlashes(v).split('/').every((s) => s !== '.' && s !== '..') && !trimSlashes(v).includes('//');
/** An absolute http(s) URL that a route can be appended to: no query, fragment, credentials or spaces. */
function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || !URL.canParse(v) || /[?#\s]/.test(v)) return false;
  const url = new URL(v);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
}

/** A host given without its scheme (`example.com`, `//example.com/`) as the URL meant: `https://example.com`. */
function withScheme(value: unknown): string | undefined {
  if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  const url = `https://${value.replace(/^\/+/, '')}`;
  return isHttpUrl(url) ? url : undefined;
}
