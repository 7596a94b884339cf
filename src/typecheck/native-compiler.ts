/**
 * Which native TypeScript (7 and later: a compiler binary, no JavaScript API) checks a site. It checks
 * in a fraction of the time and memory of TypeScript 5 and 6 (sample-site: 0.3 s and 80 MB against
 * 1.5 s and 200 MB), which keeps the check off a small build's critical path.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageDir, siteTypeScriptPackage } from './site-package.ts';

/** A native TypeScript: the `tsc` script its package runs, its version, and whose it is. */
export interface NativeCompiler {
  tsc: string;
  version: string;
  /** `site`: the site's own TypeScript; `own`: the one api-prerender ships. */
  from: 'site' | 'own';
  /** Said once as a warning when the site has a TypeScript that cannot be used. */
  note?: string;
}

interface TypeScriptPackage {
  dir: string;
  version: string;
  bin?: Record<string, string> | string;
}

/**
 * The native compiler a site is checked with: its own TypeScript when that is 7 or later (what its
 * `tsc` says), api-prerender's TypeScript 7 when it has none. `undefined` when the site has TypeScript
 * 5 or 6 (checked through their JavaScript API, site-typescript.ts: its own verdict), or when neither
 * native compiler is there to run.
 */
export function findNativeCompiler(root: string): NativeCompiler | undefined {
  const found = siteTypeScriptPackage(root);
  const site = found && !found.ours ? readPackage(found.dir) : undefined;
  if (site) {
    if (majorOf(site.version) < 7) return undefined;
    const tsc = tscOf(site);
    if (tsc) return { tsc, version: site.version, from: 'site' };
    const own = ownCompiler();
    return own && { ...own, note: `The site's TypeScript ${site.version} has no \`tsc\` to run.` };
  }
  return ownCompiler();
}

function ownCompiler(): NativeCompiler | undefined {
  const dir = packageDir(createRequire(import.meta.url), 'typescript-7');
  const own = dir === undefined ? undefined : readPackage(dir);
  const tsc = own && tscOf(own);
  return tsc ? { tsc, version: own.version, from: 'own' } : undefined;
}

function readPackage(dir: string): TypeScriptPackage | undefined {
  try {
    const { version, bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown; bin?: TypeScriptPackage['bin'] };
    return typeof version === 'string' ? { dir, version, bin } : undefined;
  } catch {
    return undefined;
  }
}

const majorOf = (version: string) => Number.parseInt(version, 10) || 0;

function tscOf(pkg: TypeScriptPackage): string | undefined {
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.tsc;
  return bin ? join(pkg.dir, bin) : undefined;
}
