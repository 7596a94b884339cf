/**
 * What every route's output depends on beyond its own code and reads: api-prerender (its version and
 * the runtime it puts in the bundle), h3, Node (its major version and ICU: dates and numbers format
 * through them), the default locale and time zone they format in (`LANG`, `TZ`), and the config keys
 * that change what a route answers. Nothing else of the config is
 * in it: concurrency, timeouts, retries, the sitemap, the preset or checks change no route's bytes,
 * and a key holding them would render every route again for nothing (astro#17614).
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import { libDir, packageRoot } from '../paths.ts';
import { contentHash } from './hash.ts';
import { sitePath } from './site-path.ts';

/** The key; a field that changed says why every route renders (reuse.ts). */
export interface BuildKey {
  /** api-prerender's version and a hash of its runtime's files. */
  tool: string;
  /** h3's version in the bundle. */
  h3: string;
  /** Node's major version, ICU's, and its time zone rules' (`tz`). */
  node: string;
  /** A hash of the config keys that change what a route answers. */
  config: string;
  /** What the default locale and time zone are made of (`LANG=de_DE.UTF-8 TZ=Asia/Tokyo ...`): see defaultLocale. */
  locale: string;
}

/**
 * What the locale and time zone a `toLocaleString()` or a `Date`'s `getHours()` uses when given none
 * are made of: the variables ICU reads for them (`LC_ALL`, `LC_MESSAGES`, `LANG`, `TZ`) and the
 * system's zone (`/etc/localtime`: where it points, and its bytes). A change of any of them changes
 * the key; one that changes nothing in Intl renders the routes again for nothing, never the reverse.
 * Not asked of Intl: its answer pages in ICU's locale and time zone data, some 5 MB that stay for the
 * build's life, the prerender's included, where a crawl of 100,000 pages peaks (Node 22: 201-205 MB
 * with it, 194 without; bench/RESULTS.md). Windows keeps its zone in the registry: there Intl is asked.
 */
function defaultLocale(): string {
  if (process.platform === 'win32') {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    return `${locale} ${timeZone}`;
  }
  // Unset and empty apart: ICU takes an empty LC_ALL as set, and LANG is then not read.
  const variables = localeVariables.map((name) => `${name}=${JSON.stringify(process.env[name] ?? null)}`).join(' ');
  return `${variables} ${systemZone()}`;
}

/** The variables ICU takes the default locale and time zone from, in its order. */
const localeVariables = ['LC_ALL', 'LC_MESSAGES', 'LANG', 'TZ'];

/**
 * The system's time zone, as ICU finds it when `TZ` names no zone: the zone file `/etc/localtime`
 * resolves to (through every link), or the file `TZ` names (`TZ=:/srv/zone`), and a hash of its
 * bytes; empty without one.
 */
function systemZone(): string {
  const named = process.env.TZ?.replace(/^:/, '');
  const file = named?.startsWith('/') ? named : '/etc/localtime';
  let target = '';
  try {
    target = realpathSync(file);
  } catch {
    // No such file: nothing to hash either.
  }
  try {
    return `${target} ${contentHash(readFileSync(file))}`;
  } catch {
    return target;
  }
}

let tool: string | undefined;

/** api-prerender's version and a hash of the runtime the bundle gets (each file of lib/src/runtime), read once. */
export function toolKey(): string {
  if (tool === undefined) {
    const dir = join(libDir, 'runtime');
    const files = readdirSync(dir).filter((name) => name.endsWith('.js')).sort();
    const runtime = contentHash(files.map((name) => `${name}\n${readFileSync(join(dir, name), 'utf8')}`).join('\n'));
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
    tool = `${version} ${runtime}`;
  }
  return tool;
}

/** The key of a build's routes: `config` built with h3 `h3Version`. */
export function buildKey(config: Pick<ResolvedConfig, 'root' | 'apiPrefix' | 'routesDir'>, h3Version: string): BuildKey {
  return { ...codeKey(config), h3: h3Version, locale: defaultLocale() };
}

/** The parts of the key a bundle depends on too (bundle-inputs.ts): api-prerender, Node and the config keys. */
export function codeKey(config: Pick<ResolvedConfig, 'root' | 'apiPrefix' | 'routesDir'>): Pick<BuildKey, 'tool' | 'node' | 'config'> {
  return {
    tool: toolKey(),
    // tz: a Node release may update the time zone rules alone, and a Date's local time with them.
    node: `${process.versions.node.split('.')[0]} icu ${process.versions.icu ?? 'none'} tz ${process.versions.tz ?? 'none'}`,
    // The prefix routes requests; routesDir names the route files (a moved folder is new code anyway).
    config: contentHash(JSON.stringify([config.apiPrefix, sitePath(config.root, config.routesDir)])),
  };
}

/** Why no route of a build keyed `now` can reuse output keyed `previous`: `code` (a version), `config`, `locale` (the default locale or time zone); `undefined`: none. */
export function keyChange(previous: BuildKey, now: BuildKey): 'code' | 'config' | 'locale' | undefined {
  if (previous.tool !== now.tool || previous.h3 !== now.h3 || previous.node !== now.node) return 'code';
  if (previous.config !== now.config) return 'config';
  if (previous.locale !== now.locale) return 'locale';
  return undefined;
}
