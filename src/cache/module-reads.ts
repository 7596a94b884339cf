/**
 * What modules read, beside what each route read: the files and variables a module read while the
 * bundle loaded (its top-level code: they count for every route that reaches it), every file read
 * through it by any route or `entries` (a loader that reads once and keeps the result hands it to
 * routes that read nothing themselves: reuse.ts), and whether one reached the network or the
 * environment through it (a `posts ??= fetch(...)` shared by every route that awaits it). Kept in the
 * cache index, compared next build.
 */
import { contentHash } from './hash.ts';
import type { Fingerprints } from './fingerprint.ts';
import { workingFolder, type LoadLog } from './read-log.ts';
import type { RenderReason } from './reuse.ts';

/** What one module read. */
export interface ModuleReads {
  /** Files read while the bundle loaded: [path from the site root, fingerprint]. */
  load?: [string, string][];
  /** Variables read while the bundle loaded: [name (`*`: all of them), hash of the value]. */
  env?: [string, string][];
  /** Files read through it while routes rendered, all routes together. */
  shared?: [string, string][];
  /** Files read through it by the `entries` of this build (they run every build: never carried over). */
  listed?: [string, string][];
  /** A render or an `entries` reached the network through it (last build; not carried over: see {@link createModuleTable}). */
  sharesNetwork?: true;
  /** A render or an `entries` read the environment through it (likewise). */
  sharesEnv?: true;
}

/** What a module can hand a route that it got from outside what can be hashed. */
export type Reached = 'network' | 'env';

/** What every module read, and whether the bundle's load reached the network. */
export interface ModuleTable {
  modules: Record<string, ModuleReads>;
  network: boolean;
}

/** A read path as the cache names it (its source, when it is a copy beside the bundle) and where its source is. */
export type PlaceOf = (path: string) => { site: string; source: string };

/** The hash of an environment variable's value now (`*`: every variable; {@link workingFolder}: the working folder), `-` when unset. */
export function envValue(name: string): string {
  if (name === workingFolder) return contentHash(process.cwd());
  if (name !== '*') return process.env[name] === undefined ? '-' : contentHash(process.env[name]);
  return contentHash(JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/**
 * Collects this build's table: the load's reads from `load`, the routes' as they finish. What the
 * last build's table says that this build did not see again is carried over with its fingerprints
 * as they are now: the reads of routes reused (not rendered, they read nothing this time), and the
 * load's when the bundle was not loaded (nothing was rendered).
 */
export function createModuleTable(placeOf: PlaceOf, fingerprints: Fingerprints, sourceOf: (site: string) => string) {
  const shared = new Map<string, Map<string, string>>();
  const listed = new Map<string, Map<string, string>>();
  const reached = { network: new Set<string>(), env: new Set<string>() };
  const add = (table: Map<string, Map<string, string>>, modules: readonly string[], site: string, fingerprint: string) => {
    for (const module of modules) {
      let files = table.get(module);
      if (!files) table.set(module, (files = new Map()));
      files.set(site, fingerprint);
    }
  };
  const now = (reads: [string, string][] | undefined) => reads?.map(([site, before]): [string, string] => [site, fingerprints.again(sourceOf(site), before)]);
  return {
    /** Adds a file a route read through `modules`, with its fingerprint. */
    addShared: (modules: readonly string[], site: string, fingerprint: string): void => add(shared, modules, site, fingerprint),
    /**
     * Adds a file an `entries` read through `modules`: what it lists may be handed to its routes (a
     * list kept for their handler), which count it though they read through those modules themselves.
     */
    addListed: (modules: readonly string[], site: string, fingerprint: string): void => add(listed, modules, site, fingerprint),
    /**
     * Notes that a render or an `entries` reached the network or the environment through `modules`.
     * This build's alone, never carried over: every route that reaches such a module is rendered
     * (reuse.ts), so its renders say again whether it still does.
     */
    addReached(modules: Iterable<string> | undefined, what: Reached): void {
      for (const module of modules ?? []) reached[what].add(module);
    },
    /** The table, once every route has rendered: from what the bundle's `load` read (`undefined`: not loaded), and the last build's table. */
    table(load: LoadLog | undefined, previous: ModuleTable | undefined): ModuleTable {
      const modules: Record<string, ModuleReads> = {};
      if (load) {
        for (const [module, reads] of load.modules) {
          const entry: ModuleReads = (modules[module] = {});
          const files = [...reads.files].map((path) => placeOf(path)).map(({ site, source }): [string, string] => [site, fingerprints.file(source)]);
          const trees = [...reads.trees].map((path) => placeOf(path)).map(({ site, source }): [string, string] => [site, fingerprints.tree(source)]);
          if (files.length + trees.length > 0) entry.load = [...files, ...trees].sort(byFirst);
          if (reads.env.size > 0) entry.env = [...reads.env].sort().map((name) => [name, envValue(name)]);
        }
      } else {
        for (const [module, { load: files, env }] of Object.entries(previous?.modules ?? {})) {
          if (files) (modules[module] ??= {}).load = now(files);
          if (env) (modules[module] ??= {}).env = env.map(([name]) => [name, envValue(name)]);
        }
      }
      for (const [module, { shared: files }] of Object.entries(previous?.modules ?? {})) {
        if (!files) continue;
        let kept = shared.get(module);
        if (!kept) shared.set(module, (kept = new Map()));
        for (const [site, fingerprint] of now(files)!) if (!kept.has(site)) kept.set(site, fingerprint);
      }
      for (const [module, files] of shared) (modules[module] ??= {}).shared = [...files].sort(byFirst);
      for (const [module, files] of listed) (modules[module] ??= {}).listed = [...files].sort(byFirst);
      for (const module of reached.network) (modules[module] ??= {}).sharesNetwork = true;
      for (const module of reached.env) (modules[module] ??= {}).sharesEnv = true;
      return { modules, network: load ? load.reachedNetwork : (previous?.network ?? false) };
    },
  };
}

/** What changed since `previous` was recorded, asked module by module (each answered once). */
export function tableChanges(previous: ModuleTable, fingerprints: Fingerprints, sourceOf: (site: string) => string) {
  const changed = (reads: [string, string][] | undefined) => reads?.find(([site, fingerprint]) => fingerprints.again(sourceOf(site), fingerprint) !== fingerprint)?.[0];
  const load = new Map<string, RenderReason | undefined>();
  const shared = new Map<string, string | undefined>();
  const listed = new Map<string, string | undefined>();
  return {
    /** What changed of what `module` met while the bundle loaded: `file <path>` or `env`; `undefined`: nothing. */
    loadChange(module: string): RenderReason | undefined {
      if (!load.has(module)) {
        const reads = previous.modules[module];
        const file = changed(reads?.load);
        const env = reads?.env?.some(([name, value]) => envValue(name) !== value);
        load.set(module, file !== undefined ? `file ${file}` : env ? 'env' : undefined);
      }
      return load.get(module);
    },
    /** A file read through `module` by last build's routes that has changed, if one has. */
    sharedChange(module: string): string | undefined {
      if (!shared.has(module)) shared.set(module, changed(previous.modules[module]?.shared));
      return shared.get(module);
    },
    /** A file read through `module` by last build's `entries` that has changed, if one has. */
    listedChange(module: string): string | undefined {
      if (!listed.has(module)) listed.set(module, changed(previous.modules[module]?.listed));
      return listed.get(module);
    },
    /** Whether a render or an `entries` reached the network or the environment through `module` last build. */
    reached(module: string): Reached | undefined {
      const reads = previous.modules[module];
      return reads?.sharesNetwork ? 'network' : reads?.sharesEnv ? 'env' : undefined;
    },
    /** Whether the last build's load reached the network. */
    network: previous.network,
  };
}

const byFirst = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
