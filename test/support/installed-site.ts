/**
 * A site with api-prerender installed as npm lays it out: a copy of lib/ and package.json in the
 * site's node_modules/api-prerender, its dependencies beside it, so that what the package imports
 * (h3 above all) is looked up from there, as in a user's site.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, route, writeSite } from './helpers.ts';

const run = promisify(execFile);

/**
 * A one-route site (`/api/hi.txt`, listed in prerender.config.mjs unless `files` gives another
 * config) with api-prerender installed in its node_modules, and h3: linked from `h3` (a folder),
 * copied in with its dependencies from `h3.copy` (a node_modules folder), or none.
 */
export function installedSite(h3?: string | { copy: string }, files: Record<string, string> = {}): string {
  const root = writeSite({
    'package.json': JSON.stringify({ name: 'h3-site', private: true, type: 'module' }),
    'prerender.config.mjs': `export default { prerender: { routes: ['/api/hi.txt'] } };`,
    'src/server/routes/api/hi.txt.ts': route(`() => 'hi'`),
    ...files,
  });
  const installed = join(root, 'node_modules', 'api-prerender');
  mkdirSync(installed, { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(installed, 'package.json'));
  cpSync(join(repoRoot, 'lib'), join(installed, 'lib'), { recursive: true });
  const { dependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    mkdirSync(join(root, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name), 'dir');
  }
  if (typeof h3 === 'string') symlinkSync(h3, join(root, 'node_modules', 'h3'), 'dir');
  else if (h3) cpSync(h3.copy, join(root, 'node_modules'), { recursive: true });
  return root;
}

/** The bin of the package installed in `root`. */
export const installedBin = (root: string) => join(root, 'node_modules', 'api-prerender', 'lib', 'cli', 'prerender.js');

/** Runs `node <args>` in `root`, resolving with the exit code and what it printed (never rejecting). */
export async function runNode(root: string, args: string[]) {
  return run(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Runs the installed package's bin in `root`. */
export const prerender = (root: string, args: string[]) => runNode(root, [installedBin(root), ...args]);
