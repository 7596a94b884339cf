import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { errors } from '../errors.ts';
import { siteCacheDir } from '../paths.ts';
import { isLeftByEndedProcess } from '../process-alive.ts';

const prefix = 'config-';

/**
 * A new file to compile the TypeScript config `config` into, never beside it: `config-<pid>-<id>-
 * <name>.mjs` in the cache folder (paths.ts) of the nearest `node_modules` above it. A process
 * killed while its config loads (Ctrl-C in `prerender dev`, before any handler of ours runs; SIGKILL)
 * then leaves nothing in the site, and what it left in the cache is removed here, by the next load.
 * From there the config's bare imports resolve from the same node_modules folders as from the
 * config's own folder, none of which lies between the two. Without a node_modules folder above the
 * config no package can be resolved at all: the system's temporary folder serves.
 */
export async function compiledConfigFile(config: string): Promise<string> {
  const modules = nearestNodeModules(dirname(config));
  const folder = modules ? siteCacheDir(dirname(modules)) : join(tmpdir(), 'api-prerender');
  await mkdir(folder, { recursive: true }).catch(unwritable(folder));
  const leftovers = (await readdir(folder)).filter((name) => isLeftByEndedProcess(name, prefix));
  await Promise.all(leftovers.map((name) => rm(join(folder, name), { force: true })));
  return join(folder, `${prefix}${process.pid}-${randomBytes(4).toString('hex')}-${basename(config)}.mjs`);
}

/** Codes of a folder that cannot be written to (no permission, read-only, full). */
const unwritableCodes = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/**
 * Rethrows a failure to write into `folder` (the config's compiled file, or the folder itself) as the
 * folder's error, which names it: not the config's, which is not at fault. Any other error as it is.
 */
export function unwritable(folder: string): (error: unknown) => never {
  return (error) => {
    if (unwritableCodes.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')) throw errors.configCacheUnwritable(folder, error);
    throw error;
  };
}

/** The `node_modules` folder in `dir` or the nearest folder above it that has one. */
function nearestNodeModules(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) return join(at, 'node_modules');
    if (dirname(at) === at) return undefined;
  }
}
