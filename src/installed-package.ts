/** Which package an import names, and whether the site has it installed. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

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
 * Whether the package `source` names is installed where Node looks for it from the file `importer`:
 * a folder of that name, with a package.json, in one of the node_modules folders Node's own
 * `require.resolve.paths` lists. Installed, an import of it that does not resolve names a path the
 * package does not export (`api-prerender/config`), not a package to install.
 */
export function isInstalled(source: string, importer: string): boolean {
  const name = packageName(source);
  return (createRequire(importer).resolve.paths(name) ?? []).some((folder) => existsSync(join(folder, name, 'package.json')));
}
