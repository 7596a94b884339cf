/**
 * Which `tsc` checks a site: the site's own TypeScript's (5.x and 6.x ship a JavaScript program, 7.x
 * a script that starts its native compiler: native-tsc.ts), else the TypeScript 7 that api-prerender
 * ships. Every one is run with the same arguments (run-tsc.ts), so the warnings match the site's
 * editor and `tsc`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nativeTsc } from './native-tsc.ts';
import { packageDir, siteTypeScriptPackage } from './site-package.ts';

/** A TypeScript's `tsc` to run, its version, and whose it is. */
export interface Tsc {
  /** The package's `bin.tsc` file, which `node` runs. */
  bin: string;
  /** TypeScript 7's native compiler, which runs without `node` and its `bin` script, when found. */
  native?: string;
  version: string;
  /** `site`: the site's own TypeScript; `own`: the one api-prerender ships. */
  from: 'site' | 'own';
  /** Why the site's TypeScript is not the one that checks: said once as a warning. */
  note?: string;
}

/** The oldest TypeScript whose `tsc` takes the options a check sets (`allowImportingTsExtensions`: 5.0). */
const oldestMajor = 5;

/**
 * The `tsc` a site is checked with: its own TypeScript's (5.0 or later, with a `tsc` to run), else
 * api-prerender's TypeScript 7, with a note when the site has a TypeScript that cannot be used.
 * `undefined` when neither is there to run.
 */
export function findTsc(root: string): Tsc | undefined {
  const found = siteTypeScriptPackage(root);
  if (!found) return ownTsc();
  const site = readPackage(found);
  const own = ownTsc();
  if (!site) return own && { ...own, note: `The site's TypeScript (${found}) has no readable package.json.` };
  if (majorOf(site.version) < oldestMajor) return own && { ...own, note: `The site's TypeScript ${site.version} is older than ${oldestMajor}.0, the oldest api-prerender checks with.` };
  const bin = binOf(site);
  if (!bin) return own && { ...own, note: `The site's TypeScript ${site.version} has no \`tsc\` to run.` };
  return withNative({ bin, version: site.version, from: 'site' }, found);
}

/** api-prerender's own `tsc` (its `typescript-7` dependency), or `undefined` when it is not installed. */
export function ownTsc(): Tsc | undefined {
  const dir = packageDir(createRequire(import.meta.url), 'typescript-7');
  const own = dir === undefined ? undefined : readPackage(dir);
  const bin = own && binOf(own);
  return bin ? withNative({ bin, version: own.version, from: 'own' }, own.dir) : undefined;
}

/** `tsc` with the native compiler of its package (in `dir`) when it has one. */
function withNative(tsc: Tsc, dir: string): Tsc {
  const native = majorOf(tsc.version) >= 7 ? nativeTsc(dir) : undefined;
  return native ? { ...tsc, native } : tsc;
}

/** The major version of a TypeScript: what it reads in a tsconfig differs between 5, 6 and 7. */
export const majorOf = (version: string): number => Number.parseInt(version, 10) || 0;

interface TypeScriptPackage {
  dir: string;
  version: string;
  bin?: Record<string, string> | string;
}

function readPackage(dir: string): TypeScriptPackage | undefined {
  try {
    const { version, bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown; bin?: TypeScriptPackage['bin'] };
    return typeof version === 'string' ? { dir, version, bin } : undefined;
  } catch {
    return undefined;
  }
}

function binOf(pkg: TypeScriptPackage): string | undefined {
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.tsc;
  return bin ? join(pkg.dir, bin) : undefined;
}
