/**
 * The h3 a site's route files get: the one the bundle resolves from api-prerender's runtime (as Node
 * would from an installed package, so in a user's site the site's own). api-prerender needs h3 v2:
 * without it, or with v1, the build says so before bundling rather than failing on an import.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginContext } from 'rollup';
import { shortPath } from '../config/output-paths.ts';
import { errors } from '../errors.ts';
import { runtimeEntry } from '../paths.ts';

/**
 * Marks the resolve of {@link findH3}: other plugins (node-resolve) resolve `h3` again from inside it,
 * and the routes plugin, told by this (Rollup passes `custom` down such nested calls), leaves `h3` as
 * it is rather than sending it to `h3/node`, which h3 v1 lacks (its warning would come before ours).
 */
export const findingH3 = { 'api-prerender': { findingH3: true } };

/** Whether a resolve is {@link findH3}'s. */
export const isFindingH3 = (custom: Record<string, unknown> | undefined): boolean => (custom?.['api-prerender'] as { findingH3?: boolean } | undefined)?.findingH3 === true;

/** Throws DEPENDENCY when the h3 the bundle would use is missing, or is not version 2. */
export async function checkH3(context: PluginContext, root: string): Promise<void> {
  const found = await findH3(context);
  if (found === 'outside') return;
  if (!found) throw errors.h3Missing();
  if (!/^2\./.test(found.version)) throw errors.h3Version(found.version, shortPath(root, found.dir));
}

/**
 * The folder and version of the h3 the bundle resolves from the runtime; `'outside'` when the bundle
 * keeps h3 out (the dev server, as a file URL; a Rollup config, by name: Node finds it when the bundle
 * runs); `undefined` when there is none.
 */
export async function findH3(context: PluginContext): Promise<{ dir: string; version: string } | 'outside' | undefined> {
  const resolved = await context.resolve('h3', runtimeEntry, { skipSelf: true, custom: findingH3 });
  if (resolved?.external && !isAbsolute(resolved.id) && !resolved.id.startsWith('file:')) return 'outside';
  const file = resolved && (resolved.id.startsWith('file:') ? fileURLToPath(resolved.id) : resolved.id);
  return file ? await packageOf(file) : undefined;
}

/** The folder and version of the package named h3 that holds `file`. */
async function packageOf(file: string): Promise<{ dir: string; version: string } | undefined> {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').then(JSON.parse, () => undefined);
    if (manifest?.name === 'h3') return { dir, version: String(manifest.version) };
  }
  return undefined;
}
