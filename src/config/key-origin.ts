import { shortPath } from './output-paths.ts';
import type { UserConfig } from './types.ts';

/**
 * Where the value of a config key was set, as its error names it: the config file, or the options
 * that override it; `undefined` when no one set it (a default that cannot be used, and no config file).
 * Keys are paths such as `prerender.routes[2].route`.
 */
export type KeyOrigin = (key: string) => string | undefined;

/** What the options that override the config file (build()'s, loadConfig()'s and the servers' `config`) are called in errors. */
const overridesName = 'the `config` option';

/**
 * The config file as messages name it: relative to the site root (absolute when outside it), or
 * `prerender.config.ts`, the file to create, when the site has none.
 * @example configName('/site', '/site/configs/ci.config.ts') // 'configs/ci.config.ts'
 */
export function configName(root: string, file: string | undefined): string {
  return file === undefined ? 'prerender.config.ts' : shortPath(root, file);
}

/**
 * The {@link KeyOrigin} of a config made of `file`'s (if any) under `over`: a key `over` sets (or
 * the part of `prerender` it replaces, merged one level deep) is the options', any other the file's.
 */
export function keyOrigin(root: string, file: string | undefined, over: UserConfig | undefined): KeyOrigin {
  return (key) => {
    const [top, inner] = key.split(/[.[]/);
    const set = over?.[top as keyof UserConfig];
    const overridden = set !== undefined && (top !== 'prerender' || inner === undefined || (set as Record<string, unknown>)[inner] !== undefined);
    if (overridden) return overridesName;
    return file === undefined ? undefined : configName(root, file);
  };
}
