/**
 * The Rollup step of a dev build: the same setup as `prerender build` (dev-plugins.ts adds what dev
 * needs), for the route files and modules a plan names (changed-routes.ts), with Rollup's cache of
 * every module any build met (module-graph.ts), written as one module per source module
 * (dev-output.ts).
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { rollup, type OutputChunk, type Plugin, type RollupBuild } from 'rollup';
import { siteCycle } from '../bundle/import-cycles.ts';
import { inputOptions, toBuildError } from '../bundle/rollup-options.ts';
import { sitePath } from '../cache/site-path.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { failedFile } from './build-error.ts';
import { routesImporting, type BuildPlan } from './changed-routes.ts';
import { createOutputWriter, devOutputOptions } from './dev-output.ts';
import { externalRuntime } from './dev-plugins.ts';
import { createModuleGraph, type ModuleGraph } from './module-graph.ts';

/** A route file's module as a build made it: its id (the file a link leads to), its file in the output folder. */
export interface RouteModule {
  id: string;
  fileName: string;
}

/** Bundles route files into the dev output folder. */
export interface RouteBundler {
  /** The modules the builds met. */
  graph: ModuleGraph;
  /** Each route file's module, from the last build that bundled it. */
  modules: ReadonlyMap<string, RouteModule>;
  /** The site's modules that import each other in a circle, as the builds found them and the last to bundle one of them still does (bundle/import-cycles.ts). */
  cycles(): string[][];
  /**
   * Bundles what `plan` says, each route file and other module as an entry of its own, then the route
   * files that import one of them that now exports less (added to `plan.changed`), and writes what
   * changed. A route file either build fails in is left out (taken from `plan.changed` and
   * `plan.load`, its module forgotten, so the next plan bundles it again) and the others are bundled
   * without it; Rollup's error is thrown when it is in no route file the build bundles.
   */
  bundle(plan: BuildPlan): Promise<Bundle>;
}

/** What a dev build made of its plan. */
export interface Bundle {
  /** The paths the builds read, those that failed too: a save of one may change or fix it. */
  reads: string[];
  /** Each route file left out: the error it failed with (as toBuildError() words Rollup's), and the file the error is in. */
  failed: Map<string, FailedIn>;
}

/** The route files left out of a dev build so far, with their errors, and what their failed builds read. */
interface LeftOut {
  reads: string[];
  failed: Map<string, FailedIn>;
}

/** A build error, as toBuildError() words it, and the file it is in. */
export interface FailedIn {
  error: unknown;
  path: string;
}

/** What one Rollup build made. */
interface Bundled {
  watchFiles: string[];
  /**
   * The modules whose importers the output may no longer fit, with what they are now: those that
   * export less than their importers were last bundled against, or turned CommonJS or back.
   */
  narrowed: Map<string, string[]>;
}

/** A bundler of the site's route files, routed by the table `routes()` gives, into `outDir`. */
export function createRouteBundler(config: ResolvedConfig, logger: Logger, outDir: string, routes: () => RouteDefinition[]): RouteBundler {
  const graph = createModuleGraph();
  const modules = new Map<string, RouteModule>();
  const writer = createOutputWriter(outDir);
  // Made once, as Rollup's own watch mode does: the plugins keep what they read (tsconfig.json, the
  // packages' manifests) from build to build.
  const setup = inputOptions({ config, logger, routes });
  const output = devOutputOptions(config.root, outDir);
  /** Each module's kind (CommonJS or not) and exports, as its importers were last bundled against. */
  const exported = new Map<string, string[]>();
  /** The circles found, by their modules joined. */
  const cycles = new Map<string, string[]>();

  const build = async (files: Iterable<string>, others: Iterable<string> = []): Promise<Bundled> => {
    const entryFiles = new Map([...files].map((file) => [file, resolve(config.routesDir, file)]));
    const ids = [...others];
    if (entryFiles.size === 0 && ids.length === 0) return { watchFiles: [], narrowed: new Map() };
    const narrowed = new Map<string, string[]>();
    let result: RollupBuild | undefined;
    try {
      const found: string[][] = [];
      const plugins = [externalRuntime(config.root), setup.plugins, entries(entryFiles, ids, { modules, exported, narrowed }), circles(config.root, found)];
      // Not tree-shaken: its passes cost a sixth of a rebuild, for modules loaded once and dropped.
      result = await rollup({ ...setup, input: [], plugins, cache: graph.cache(), treeshake: false });
      graph.update(result.cache!);
      forgetUntied(cycles, result.cache!.modules, config.root);
      for (const cycle of found) cycles.set(cycle.join('\n'), cycle);
      writer.write((await result.generate(output)).output);
      return { watchFiles: result.watchFiles, narrowed };
    } finally {
      await result?.close();
    }
  };

  return {
    graph,
    modules,
    cycles: () => [...cycles.values()],
    async bundle(plan) {
      const left: LeftOut = { reads: [], failed: new Map() };
      try {
        const first = await buildLeavingOut(plan.changed, plan.modules, left);
        for (const file of left.failed.keys()) plan.load.delete(file);
        const importers = new Set([...routesImporting(first.narrowed.keys(), plan.routes, graph, { routesDir: config.routesDir, modules })].filter((file) => !plan.changed.has(file) && !left.failed.has(file)));
        const second = await buildLeavingOut(importers, [], left);
        // Only now: if the importers fail, the next build compares with what they were bundled against.
        for (const [id, names] of first.narrowed) exported.set(id, names);
        for (const file of importers) plan.changed.add(file);
        return { reads: [...left.reads, ...first.watchFiles, ...second.watchFiles], failed: left.failed };
      } catch (error) {
        // Left as it was: the dev server decides what the error takes down (outOfDateAfterFailure()).
        for (const file of left.failed.keys()) plan.changed.add(file);
        throw error;
      }
    },
  };

  /**
   * Builds the route files `files` (taking out each the build fails in, its module forgotten, into
   * `left`) and the modules `others`; throws the error of a failure in no route file of `files`.
   */
  async function buildLeavingOut(files: Set<string>, others: Iterable<string>, left: LeftOut): Promise<Bundled> {
    for (;;) {
      try {
        return await build(files, others);
      } catch (error) {
        left.reads.push(...((error as { watchFiles?: string[] }).watchFiles ?? []));
        const described = toBuildError(error, config.root);
        // The module Rollup names on the error, else the place the error points at.
        const path = (error as { id?: string }).id ?? failedFile(described, config.root);
        const failing = path === undefined ? [] : routeFilesOf(path, files);
        if (failing.length === 0) throw error;
        for (const file of failing) {
          files.delete(file);
          modules.delete(file);
          left.failed.set(file, { error: described, path: path! });
        }
      }
    }
  }

  /** The route files of `planned` whose source is the file `path` (directly, or through a link). */
  function routeFilesOf(path: string, planned: ReadonlySet<string>): string[] {
    return [...planned].filter((file) => path === resolve(config.routesDir, file) || path === linkedFile(resolve(config.routesDir, file)));
  }
}

/** The file a link leads to (Rollup's id of it); `undefined` if it leads nowhere. */
function linkedFile(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Drops the circles through a module of a build (`modules`, from Rollup's cache of it): a build holds
 * every module its modules import, so a circle still there was found again. Nothing is listed while
 * no circle is kept: a rebuild on save does no work for them.
 */
function forgetUntied(cycles: Map<string, string[]>, modules: readonly { id: string }[], root: string): void {
  if (cycles.size === 0) return;
  const built = new Set(modules.map((module) => sitePath(root, module.id)));
  for (const [key, cycle] of cycles) if (cycle.some((module) => built.has(module))) cycles.delete(key);
}

/** Collects into `found` the site's circles of imports Rollup reports as it orders the modules. */
function circles(root: string, found: string[][]): Plugin {
  return {
    name: 'api-prerender:dev-circles',
    onLog(_, log) {
      const cycle = siteCycle(log, root);
      if (cycle) found.push(cycle);
    },
  };
}

/** What {@link entries} updates: each route file's module, each module's kind and exports, the modules that export less. */
interface EntryRecords {
  modules: Map<string, RouteModule>;
  exported: Map<string, string[]>;
  narrowed: Map<string, string[]>;
}

/**
 * Makes each route file, and each other module, an entry of the build, resolved as Rollup resolves
 * any (a link to the file it leads to); records what each route file became, and which modules
 * export less than before (`exported`, updated for every other module the build wrote).
 */
function entries(files: Map<string, string>, others: string[], records: EntryRecords): Plugin {
  const references = new Map<string, string>();
  const entryIds = new Set<string>();
  return {
    name: 'api-prerender:dev-entries',
    buildStart() {
      for (const [file, path] of files) references.set(file, this.emitFile({ type: 'chunk', id: path, preserveSignature: 'strict' }));
      for (const id of others) this.emitFile({ type: 'chunk', id, preserveSignature: 'strict' });
    },
    generateBundle(_options, bundle) {
      for (const [file, reference] of references) {
        const fileName = this.getFileName(reference);
        records.modules.set(file, { id: (bundle[fileName] as OutputChunk).facadeModuleId!, fileName });
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const id = chunk.facadeModuleId;
        // How @rollup/plugin-commonjs made the module: what it makes for the module's importers depends on it.
        const kind = String((this.getModuleInfo(id)?.meta as { commonjs?: { isCommonJS?: unknown } }).commonjs?.isCommonJS ?? false);
        const now = [kind, ...chunk.exports];
        const before = records.exported.get(id);
        if (before && (before[0] !== kind || before.slice(1).some((name) => !chunk.exports.includes(name)))) records.narrowed.set(id, now);
        else records.exported.set(id, now);
      }
    },
  };
}
