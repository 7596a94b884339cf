/**
 * The `typescript` package a site resolves from its root: whose `tsc` checks it (find-tsc.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The folder of the `typescript` package resolved from `root` (symbolic links resolved, as `require`
 * does), or `undefined` when the site resolves none. api-prerender itself depends on no package of
 * that name (its TypeScript 7 is `typescript-7`), so one found is the site's.
 */
export function siteTypeScriptPackage(root: string): string | undefined {
  return packageDir(createRequire(join(root, 'package.json')), 'typescript');
}

/** The folder of package `name` as `require` resolves it, or `undefined`. */
export function packageDir(require: NodeJS.Require, name: string): string | undefined {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}
