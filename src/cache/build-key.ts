/**
 * What every route's output depends on beyond its own code and reads: api-prerender (its version and
 * the runtime it puts in the bundle), h3, Node (its major version and ICU: dates and numbers format
 * through them), the default locale and time zone they format in (`LANG`, `TZ`), and the config keys
 * that change what a route answers. Nothing else of the config is
 * in it: concurrency, timeouts, retries, the sitemap, the preset or checks change no route's bytes,
 * and a key holding them would render every route again for nothing (astro#17614).
 */
import { readdirSync, readFileSync } from 'node:fs';
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
  /** Node's major version and ICU's. */
  node: string;
  /** A hash of the config keys that change what a route answers. */
  config: string;
  /** The default locale and time zone (`de-DE Asia/Tokyo`), as Intl resolves them from the environment. */
  locale: string;
}

/**
 * The locale and time zone a `toLocaleString()` or a `Date`'s `getHours()` uses when given none.
 * Asking Intl loads ICU's time zone data: some 7 MB of memory that stay, so only the key of the
 * routes asks, once the bundle is made (a large site's peak is while it bundles), not the bundle's.
 */
function defaultLocale(): string {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  return `${locale} ${timeZone}`;
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
    node: `${process.versions.node.split('.')[0]} icu ${process.versions.icu ?? 'none'}`,
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
