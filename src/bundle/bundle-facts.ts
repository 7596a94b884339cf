/**
 * What the cache needs to know of a bundle (SPEC section 8), gathered by a Rollup plugin once the
 * bundle is made: for each route file, a key of the code it reaches (each module's code after every
 * transform, hashed; static and dynamic imports followed), so that a change in a module marks only
 * the routes that reach it; every file the bundle was made from (to skip the next bundling when none
 * changed); and the source of each file copied beside the bundle (`new URL('./x', import.meta.url)`),
 * so a read of the copy is a read of the source. Ids and paths are from the site root: a cache
 * restored in another folder names the same modules. api-prerender's runtime and h3 are left out:
 * their versions are part of every key.
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { OutputBundle, Plugin, PluginContext } from 'rollup';
import { contentHash } from '../cache/hash.ts';
import type { WarningCode } from '../warnings.ts';
import { sitePath } from '../cache/site-path.ts';
import { runtimeEntry } from '../paths.ts';
import { resolvedEntryId } from './entry.ts';
import { findH3 } from './h3-version.ts';
import { siteCycle } from './import-cycles.ts';
import { hasTopLevelAwait } from './top-level-await.ts';

/** The code a route file reaches. */
export interface RouteCode {
  /** A hash of the modules it reaches and their code. */
  code: string;
  /** Those modules, by id from the site root, sorted. */
  modules: string[];
  /** It exports `cacheKey` (or may: `export *`): the build asks it before reusing a route's output. */
  cacheKey?: true;
  /** It exports `entries` (or may): the build must load the bundle to list its routes. */
  entries?: true;
}

/** What the cache knows of a bundle. */
export interface BundleFacts {
  /** Each route file (relative to routesDir, as the route table names it) and the code it reaches. */
  routes: Record<string, RouteCode>;
  /** Every file and folder the bundle was made from, from the site root, sorted. */
  inputs: string[];
  /** Each file copied beside the bundle (relative to its folder, `assets/data-1a2b.json`) -> its source, from the site root. */
  assets: Record<string, string>;
  /** The version of the h3 in the bundle, when it holds one. */
  h3?: string;
  /** The site's modules that import each other in a circle, each as Rollup found it (import-cycles.ts). */
  cycles?: string[][];
  /** The site's modules (from the site root) that await at their top level: the bundle's load waits on them. */
  topLevelAwait?: string[];
  /** The warnings bundling gave (the toolchain adds them): a build that reuses the bundle gives them again. */
  warnings?: BundleWarning[];
}

/** A warning as bundling gave it. */
export interface BundleWarning {
  message: string;
  code?: WarningCode;
}

/** Options of {@link bundleFacts}. */
export interface BundleFactsOptions {
  root: string;
  routesDir: string;
  onFacts: (facts: BundleFacts) => void;
}

/** The plugin: calls `onFacts` in `generateBundle` (see above). */
export function bundleFacts(options: BundleFactsOptions): Plugin {
  const runtimeDir = dirname(runtimeEntry) + sep;
  let h3: { dir: string; version: string } | undefined;
  let cycles: string[][] = [];
  let awaiting = new Set<string>();
  return {
    name: 'api-prerender:bundle-facts',
    async buildStart() {
      const found = await findH3(this);
      h3 = typeof found === 'object' ? found : undefined;
      cycles = [];
      awaiting = new Set();
    },
    moduleParsed(info) {
      // The site's own modules: a package that waits at its top level is not the site's to fix.
      if (!info.code?.includes('await') || !isAbsolute(info.id) || info.id.split(sep).includes('node_modules') || info.id.startsWith(runtimeDir)) return;
      if (hasTopLevelAwait(info.ast)) awaiting.add(sitePath(options.root, info.id));
    },
    onLog(_, log) {
      const cycle = siteCycle(log, options.root);
      if (cycle) cycles.push(cycle);
    },
    generateBundle(_, bundle) {
      const h3Dir = h3 && h3.dir + sep;
      // The runtime, h3 and our stand-ins are api-prerender's and h3's: their versions key them.
      const counted = (id: string) => !id.includes('\0api-prerender:') && id !== resolvedEntryId && !id.startsWith(runtimeDir) && !(h3Dir && id.startsWith(h3Dir));
      const assets = assetSources(bundle, options.root);
      const routes: Record<string, RouteCode> = {};
      const hashOf = moduleHashes(this, options.root, assets);
      const reached = new Set<string>();
      for (const id of this.getModuleInfo(resolvedEntryId)?.importedIds ?? []) {
        if (!counted(id)) continue;
        const file = relative(options.routesDir, id).split(sep).join('/');
        routes[file] = routeCode(this, id, counted, hashOf, options.root, reached);
        const exported = this.getModuleInfo(id)?.exports ?? ['*'];
        if (exported.includes('cacheKey') || exported.includes('*')) routes[file].cacheKey = true;
        if (exported.includes('entries') || exported.includes('*')) routes[file].entries = true;
      }
      // The modules the route files reach, and the files the plugins watch beside them (copied files,
      // routesDir): not what only the runtime and h3 import (the lockfile and the versions cover those).
      const files = [...reached].filter((id) => !this.getModuleInfo(id)?.isExternal);
      for (const file of this.getWatchFiles()) if (this.getModuleInfo(file) === null) files.push(file);
      const inputs = new Set(files.filter((id) => isAbsolute(id)).map((id) => sitePath(options.root, id.split('?')[0]!)));
      options.onFacts({ routes, inputs: [...inputs].sort(), assets, h3: h3?.version, ...(cycles.length > 0 && { cycles }), ...(awaiting.size > 0 && { topLevelAwait: [...awaiting].sort() }) });
    },
  };
}

/** Every module `from` reaches, static and dynamic imports alike, and the key of their code; their ids are added to `reached`. */
function routeCode(context: PluginContext, from: string, counted: (id: string) => boolean, hashOf: (id: string) => string, root: string, reached: Set<string>): RouteCode {
  const seen = new Set<string>([from]);
  const lines: string[] = [];
  for (const stack = [from]; stack.length > 0; ) {
    const id = stack.pop()!;
    const info = context.getModuleInfo(id);
    reached.add(id);
    lines.push(`${portableId(root, id)} ${hashOf(id)}`);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
      if (!seen.has(next) && counted(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  lines.sort();
  return { code: contentHash(lines.join('\n')), modules: lines.map((line) => line.slice(0, line.lastIndexOf(' '))) };
}

/**
 * The hash of a module's code after every transform, computed once per module. A copied file is
 * named there by a reference that Rollup derives from its copy's name, which holds its content's
 * hash for a folder: each is replaced by its source's path, so a changed file marks the routes that
 * read it (`file <path>`), not every route that names it. The site root is taken out of the code too
 * (CommonJS wrappers name modules by absolute path).
 */
function moduleHashes(context: PluginContext, root: string, assets: Record<string, string>): (id: string) => string {
  const hashes = new Map<string, string>();
  return (id) => {
    let known = hashes.get(id);
    if (known !== undefined) return known;
    const code = (context.getModuleInfo(id)?.code ?? '')
      .replace(/import\.meta\.ROLLUP_FILE_URL_([\w$]+)/g, (_, ref: string) => `import.meta.FILE(${JSON.stringify(assets[context.getFileName(ref)] ?? ref)})`)
      .split(root + sep)
      .join('');
    hashes.set(id, (known = contentHash(code)));
    return known;
  };
}

/** The emitted files copied from the site, by their name in the bundle's folder. */
function assetSources(bundle: OutputBundle, root: string): Record<string, string> {
  const assets: Record<string, string> = {};
  for (const [fileName, output] of Object.entries(bundle)) {
    const source = output.type === 'asset' ? output.originalFileNames[0] : undefined;
    if (source !== undefined) assets[fileName] = sitePath(root, source);
  }
  return assets;
}

/** A module's id from the site root; a virtual module's with the root taken out of it. */
function portableId(root: string, id: string): string {
  return isAbsolute(id) ? sitePath(root, id) : id.split(root + sep).join('');
}
