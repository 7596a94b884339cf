import { createRequire } from 'node:module';
import { join } from 'node:path';
import { messageOf } from '../errors.ts';
import { siteTypeScriptPackage } from './site-package.ts';

/** The TypeScript compiler API, as this package's TypeScript types it. */
export type TypeScript = typeof import('typescript');

/** Where the TypeScript modules loaded here were, for {@link unloadTypeCheckers}. */
const loaded = new Set<string>();

/** This package's TypeScript, loaded only when the site's cannot be used: each copy costs ~80 MB. */
const loadOwn = (): TypeScript => {
  const require = createRequire(import.meta.url);
  loaded.add(require.resolve('typescript'));
  return require('typescript') as TypeScript;
};

/**
 * Drops the TypeScript modules loaded here from the module cache, so that a process that checked
 * in-process (a build's, before its prerender) can collect them: ~20 MB of heap.
 */
export function unloadTypeCheckers(): void {
  const { cache } = createRequire(import.meta.url);
  for (const path of loaded) delete cache[path];
  loaded.clear();
}

/** The compiler a type check runs with, and why. */
export interface TypeChecker {
  ts: TypeScript;
  /** `site`: the site's own TypeScript; `own`: the one api-prerender ships. */
  from: 'site' | 'own';
  /** Said once as a warning when the site has a TypeScript that cannot be used. */
  note?: string;
}

/**
 * The site's TypeScript when it has one with a JavaScript compiler API (5.x, 6.x: what its editor and
 * `tsc` check with), else this package's own. TypeScript 7 is a native compiler whose package exports
 * no `createProgram`: its site is checked with ours, and a note says so.
 */
export function loadTypeChecker(root: string): TypeChecker {
  const require = createRequire(join(root, 'package.json'));
  let path: string;
  try {
    path = require.resolve('typescript');
  } catch {
    return { ts: loadOwn(), from: 'own' };
  }
  let site: Partial<TypeScript> & { version?: string };
  try {
    loaded.add(path);
    site = require(path) as typeof site;
  } catch (error) {
    return own(`The site's TypeScript (${path}) fails to load: ${messageOf(error)}.`);
  }
  if (typeof site.createProgram !== 'function') {
    return own(`The site's TypeScript${site.version ? ` ${site.version}` : ''} has no JavaScript compiler API to type-check with.`);
  }
  return { ts: site as TypeScript, from: siteTypeScriptPackage(root)?.ours ? 'own' : 'site' };
}

/** This package's TypeScript, with a note saying why the site's was not used. */
function own(why: string): TypeChecker {
  const ts = loadOwn();
  const note = `${why} Type-checked with api-prerender's own TypeScript ${ts.version} instead; run \`npx tsc --noEmit\` for your TypeScript's own verdict.`;
  return { ts, from: 'own', note };
}
