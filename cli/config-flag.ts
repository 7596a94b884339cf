import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadLibrary } from './load-library.ts';

/**
 * Checks `--config` as the library checks its `configFile` option, each error naming the flag
 * (`--config src is a folder`), where the library's name its option. A root that does not exist is
 * left to the library, which names it first.
 */
export function checkConfigFlag(root: string | undefined, file: string | undefined): void {
  const site = resolve(root ?? process.cwd());
  if (file === undefined || !existsSync(site)) return;
  const { checkConfigFile, configFlag } = loadLibrary<typeof import('../src/config/find-config-file.ts')>('config/find-config-file');
  checkConfigFile(site, file, configFlag);
}
