// Tools the benchmark runs but the package never needs (Nitro, autocannon): installed from npm into a
// cache folder outside the repository, one folder per name and version, so that `npm ci` and the
// lock of the project stay as its users get them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where `name@version` is installed: `$BENCH_CACHE` or `~/.cache/api-prerender-bench`, then `<name>-<version>`. */
export const cacheFolder = (name, version) => join(process.env.BENCH_CACHE ?? join(homedir(), '.cache', 'api-prerender-bench'), `${name}-${version}`);

/** Installs `name@version` into its cache folder once; returns the folder. */
export function ensureCached(name, version, note) {
  const folder = cacheFolder(name, version);
  if (existsSync(join(folder, 'node_modules', name, 'package.json'))) return folder;
  note(`installing ${name}@${version} into ${folder} (once)`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), `{ "name": "${name}-bench", "private": true, "type": "module" }\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `${name}@${version}`], { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  return folder;
}
