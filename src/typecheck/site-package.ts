/**
 * The `typescript` package a site resolves from its root: whose `tsc` checks it (find-tsc.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A `typescript` package the site resolves, and whose it is. */
export interface SiteTypeScriptPackage {
  /** The package's folder (symbolic links resolved, as `require` does). */
  dir: string;
  /**
   * True when it is api-prerender's own TypeScript: a site without TypeScript of its own may resolve
   * ours, hoisted beside it in the same node_modules.
   */
  ours: boolean;
}

/** The `typescript` package resolved from `root`, or `undefined` when the site resolves none. */
export function siteTypeScriptPackage(root: string): SiteTypeScriptPackage | undefined {
  const dir = packageDir(createRequire(join(root, 'package.json')), 'typescript');
  return dir === undefined ? undefined : { dir, ours: dir === packageDir(createRequire(import.meta.url), 'typescript') };
}

/** The folder of package `name` as `require` resolves it, or `undefined`. */
export function packageDir(require: NodeJS.Require, name: string): string | undefined {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}
