/**
 * Sites for the type-check tests: a route file with one type error, h3 and the TypeScript packages a
 * test links in from this repository's node_modules, and what a checked build prints and leaves.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from '../../src/pipeline/build.ts';
import { siteCacheDir } from '../../src/paths.ts';
import { buildSite, repoRoot, writeSite } from './helpers.ts';

const api = 'src/server/routes/api';
const countRoute = `import { defineEventHandler } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler(() => ({ count }));\n`;

/** The one error the route file of {@link typescriptSite} has, as the check prints it. */
export const countTypeError = `${api}/count.json.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`;

/** The version of a package in this repository's node_modules (`typescript-5`, ...). */
export const versionOf = (name: string) => (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The version of api-prerender's own TypeScript 7, which checks a site without one. */
export const ownNative = versionOf('typescript-7');

/** TypeScript 7's native compiler, as npm installed it for this machine beside the package. */
export const nativeProgram = join(repoRoot, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');

/** A site with h3, and the node_modules packages named in `link` (name: folder under this repo's node_modules). */
export function typescriptSite(files: Record<string, string>, link: Record<string, string> = {}): string {
  const root = writeSite({ [`${api}/count.json.ts`]: countRoute, ...files });
  mkdirSync(join(root, 'node_modules', '@types'), { recursive: true });
  for (const [name, from] of Object.entries({ h3: 'h3', ...link })) symlinkSync(join(repoRoot, 'node_modules', from), join(root, 'node_modules', name), 'dir');
  return root;
}

/** build() of the site, type-checked, rendering its route. */
export const checkTypes = (root: string, options: BuildOptions = {}) => buildSite(root, { typecheck: true, config: { prerender: { routes: ['/api/count.json'] } }, ...options });

/** The lines of a checked build's log the check printed. */
export const checkLines = (lines: string[]) => lines.filter((line) => line.startsWith('warning ') || line.startsWith('type check:'));

/**
 * Check tsconfig files: in the cache folder, and in the site's folder where earlier versions wrote
 * them. The build's own cache (`<cacheDir>/<name>/`, a folder there by default) is kept on purpose.
 */
export const checkLeftovers = (root: string) => [
  ...readdirSync(root).filter((name) => name.includes('typecheck')),
  ...(existsSync(siteCacheDir(root)) ? readdirSync(siteCacheDir(root), { withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => entry.name) : []),
];
