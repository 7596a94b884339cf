/** Which package an import names, and whether the site has it installed. */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { closestName } from './closest-name.ts';

/**
 * The package an import names: `@scope/pkg` or `pkg`, without a subpath.
 * @example packageName('@scope/pkg/sub/path') // '@scope/pkg'
 */
export function packageName(source: string): string {
  return source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/');
}

/**
 * The package a file (a path) belongs to, when it lies in a node_modules folder: the last such
 * folder's `pkg` or `@scope/pkg`.
 * @example packageOfFile('node_modules/h3/dist/_entries/node.mjs') // 'h3'
 */
export function packageOfFile(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  return parts[at + 1].startsWith('@') ? parts.slice(at + 1, at + 3).join('/') : parts[at + 1];
}

/**
 * What the package of an import that resolves to nothing is, from the file `importer`: `installed`
 * (the import names a path it does not export), else the installed one `meant` ({@link installedNear}),
 * if any. Nothing for a relative import.
 */
export function unresolvedPackage(source: string, importer: string): { installed: boolean; meant?: string } {
  if (source.startsWith('.')) return { installed: false };
  return isInstalled(source, importer) ? { installed: true } : { installed: false, meant: installedNear(source, importer) };
}

/**
 * Whether the package `source` names is installed where Node looks for it from the file `importer`:
 * a folder of that name, with a package.json, in one of the node_modules folders Node's own
 * `require.resolve.paths` lists. Installed, an import of it that does not resolve names a path the
 * package does not export (`api-prerender/config`), not a package to install.
 */
function isInstalled(source: string, importer: string): boolean {
  const name = packageName(source);
  return (createRequire(importer).resolve.paths(name) ?? []).some((folder) => existsSync(join(folder, name, 'package.json')));
}

/**
 * The installed package `source` may have meant, where Node looks for it from the file `importer`:
 * one named within a slip of the keyboard of the package it names (`h4` for `h3`), the nearest
 * node_modules folder's first. For an import of a package that is not installed.
 * @example installedNear('lodahs', '/site/src/a.ts') // 'lodash', when it is installed
 */
function installedNear(source: string, importer: string): string | undefined {
  const names = new Set<string>();
  for (const folder of createRequire(importer).resolve.paths(packageName(source)) ?? []) {
    for (const entry of entriesOf(folder)) {
      if (entry.startsWith('@')) for (const inner of entriesOf(join(folder, entry))) names.add(`${entry}/${inner}`);
      else if (!entry.startsWith('.')) names.add(entry);
    }
  }
  return closestName(packageName(source), names);
}

/** The names in `folder`, none when it cannot be read (most of the folders Node would look in do not exist). */
function entriesOf(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/**
 * The files that change when packages are installed in the site at `root`: its package.json (`npm
 * install x` adds x), and the record each package manager writes into node_modules at the end of an
 * install (npm's hidden lockfile, pnpm's and Yarn 1's). Dev watches them after a failed build, which a
 * package installed meanwhile may fix.
 */
export function installRecords(root: string): string[] {
  return [join(root, 'package.json'), ...['.package-lock.json', '.modules.yaml', '.yarn-integrity'].map((name) => join(root, 'node_modules', name))];
}
