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
 * Whether the package `source` names is installed where Node looks for it from the file `importer`:
 * a folder of that name, with a package.json, in one of the node_modules folders Node's own
 * `require.resolve.paths` lists. Installed, an import of it that does not resolve names a path the
 * package does not export (`api-prerender/config`), not a package to install.
 */
export function isInstalled(source: string, importer: string): boolean {
  const name = packageName(source);
  return (createRequire(importer).resolve.paths(name) ?? []).some((folder) => existsSync(join(folder, name, 'package.json')));
}
