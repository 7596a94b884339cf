import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this package's compiled files are. The runtime that goes into a site's bundle, and the entry
 * a TypeScript config imports as 'api-prerender', are always the compiled JavaScript in lib/ (made by
 * `npm run build`, which `prepare` and `pretest` run), whether this module runs from src/ or lib/.
 */
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`api-prerender: no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** This package's folder (its package.json). */
export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The compiled library, lib/src. */
export const libDir = join(packageRoot, 'lib', 'src');
/** All of this package's compiled code, the library and the CLI (lib/cli): the frames a stack of the site's code leaves out. */
export const ownCodeDir = join(packageRoot, 'lib');
/** The runtime module every generated entry imports. */
export const runtimeEntry = join(libDir, 'runtime', 'index.js');
/** The public API module, what `import ... from 'api-prerender'` means inside a config file. */
export const publicEntry = join(libDir, 'index.js');

/**
 * api-prerender's cache folder for the site (or package) at `root`: `node_modules/.cache/api-prerender`,
 * where Babel, Vite and ESLint keep theirs. What a build or a config load writes for itself goes
 * there, never into the site's own folder.
 */
export const siteCacheDir = (root: string): string => join(root, 'node_modules', '.cache', 'api-prerender');
