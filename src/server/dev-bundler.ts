/**
 * The dev server's build: the same Rollup setup as `prerender build`, run again on every save with
 * Rollup's cache (an unchanged module keeps its parse and transform), on a watcher of our own that
 * sees every path a build read and the whole routes folder. Each build is served by a worker thread
 * of its own (build-worker.ts) and replaces the previous build whole; a failed one is served as its
 * error until a save fixes it. After the first save, a build loads only the route files in use
 * (routes-in-use.ts).
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rollup, type RollupBuild, type RollupCache } from 'rollup';
import { inputOptions, outputOptions, toBuildError } from '../bundle/rollup-options.ts';
import { configName } from '../config/key-origin.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';
import { scanRoutes } from '../routes/scan.ts';
import { isInside } from '../runtime/inside.ts';
import { acceptsHtml, describeFailure, failedFile, failureResponse, logFailure, type BuildFailure } from './build-error.ts';
import { noRouteResponse } from './no-route-page.ts';
import { startBuildWorker, type BuildWorker } from './build-worker.ts';
import { devEntry, externalRuntime } from './dev-plugins.ts';
import { createRoutesInUse, describePlan, type BuildPlan } from './routes-in-use.ts';
import { waitForFolder, watchPaths } from './watch-names.ts';

/** What the dev bundler needs. */
export interface DevBundlerOptions {
  config: ResolvedConfig;
  logger: Logger;
  /** Where each build is written and imported from. */
  outFile: string;
  /** Largest request body in bytes (see listen()). */
  bodyLimit: number;
}

/** A running watch build. */
export interface DevBundler {
  /**
   * Answers a route request from the latest build, or with its error while it is broken. Waits for a
   * build in progress, so a request after a save sees the change, and for a request whose route file
   * the build left out, for a build that loads it.
   */
  fetch(request: Request): Promise<Response>;
  /** Stops watching and ends the builds' threads. Safe to call twice. */
  close(): Promise<void>;
}

/** The build being served: its thread and what it loaded, or the reason there is none. */
type Served = { worker: BuildWorker; plan: BuildPlan } | { worker?: undefined; failure: BuildFailure };

/** How long a save's burst of file events may take: one build follows them all. */
const settleMs = 10;

/** Starts watching and building the site's routes. */
export function startDevBundler(options: DevBundlerOptions): DevBundler {
  const { config, logger, outFile, bodyLimit } = options;
  const site = { root: config.root, routesDir: config.routesDir };
  const inUse = createRoutesInUse(config.routesDir);
  let cache: RollupCache | undefined;
  // Scanned again only after a file under routesDir was added, removed or renamed, or a build failed.
  let scanned = false;
  // What the build being made serves.
  let plan: BuildPlan | undefined;
  let latest: Served | undefined;
  let spare: BuildWorker | undefined;
  let builds = 0;
  let queued = false;
  let running: Promise<void> | undefined;
  let stopWaiting: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  const watcher = watchPaths((path, event) => {
    inUse.saved(path);
    if (event === 'rename' && isInside(path, config.routesDir)) scanned = false;
    // What a plugin read while transforming a module (an asset its `new URL()` names) is not compared
    // by Rollup's cache: the module is transformed again.
    if (cache) cache.modules = cache.modules.filter((module) => !module.transformDependencies.some((file) => isInside(path, file)));
    void rebuild(settleMs);
  });

  // Made once, as Rollup's own watch mode does: the plugins keep what they read (tsconfig.json, the
  // packages' manifests) from build to build.
  const setup = inputOptions({ config, logger, routes: () => plan!.routes });
  const plugins = [externalRuntime(), devEntry(() => [...plan!.loaded]), setup.plugins];

  const startWorker = (): BuildWorker => {
    const worker = startBuildWorker(bodyLimit, (error) => {
      if (latest?.worker === worker) serve({ failure: describeFailure(errors.routesStopped(error)) });
    });
    return worker;
  };

  // Replaces the build being served; the thread of the one before ends once it has answered.
  const serve = (build: Served, started?: number) => {
    latest?.worker?.retire();
    latest = build;
    if (!build.worker) return logFailure(build.failure, logger);
    const verb = builds++ === 0 ? 'built' : 'rebuilt';
    logger.info(`${verb} ${describePlan(build.plan)} in ${Math.round(performance.now() - started!)} ms`);
  };

  const bundle = async (): Promise<void> => {
    const started = performance.now();
    if (!existsSync(config.routesDir)) return waitForRoutes();
    watcher.add([config.routesDir]);
    let result: RollupBuild | undefined;
    let current: BuildPlan;
    try {
      // Marked first: a file added while the scan runs marks it stale again.
      if (!scanned && (scanned = true)) inUse.setRoutes(await scanRoutes(config.routesDir, config.apiPrefix, { root: config.root, configFile: configName(config.root, config.configFile), command: 'dev', onWarning: (warning) => warn(logger, warning) }));
      current = plan = inUse.plan();
      // Not tree-shaken: its passes cost a sixth of a rebuild, for a bundle loaded once and dropped.
      result = await rollup({ ...setup, plugins, cache, treeshake: false });
      cache = result.cache;
      watcher.add(result.watchFiles);
      await result.write(outputOptions(outFile));
    } catch (thrown) {
      scanned = false;
      const error = toBuildError(thrown, config.root);
      // What the failed build read, and the file it failed on: a save of either may fix it.
      watcher.add([...((thrown as { watchFiles?: string[] }).watchFiles ?? []), ...[failedFile(error, config.root) ?? []].flat()]);
      return serve({ failure: describeFailure(error) });
    } finally {
      await result?.close();
    }
    const worker = spare ?? startWorker();
    spare = undefined;
    const failure = await worker.load({ file: outFile, routes: current.routes, site });
    if (closing || failure) void worker.terminate();
    if (closing) return;
    serve(failure ? { failure } : { worker, plan: current }, started);
    spare = startWorker();
    spare.prepare(current.routes);
  };

  const waitForRoutes = () => {
    serve({ failure: describeFailure(errors.noRoutesDir(config.routesDir, config.root, configName(config.root, config.configFile), findNearbyRoutes(config.root, config.routesDir), 'dev')) });
    logger.info(`waiting for the routes folder ${relative(config.root, config.routesDir) || '.'} to be created`);
    stopWaiting?.();
    stopWaiting = waitForFolder(config.routesDir, () => void rebuild());
  };

  // Builds again after `delay` ms, and again as long as saves come in meanwhile; resolves when the
  // build served has everything saved or asked for up to the call.
  const rebuild = (delay = 0): Promise<void> => {
    queued = true;
    return (running ??= (async () => {
      await sleep(delay);
      while (queued && !closing) {
        queued = false;
        await bundle().catch((error: unknown) => serve({ failure: describeFailure(error) }));
      }
      running = undefined;
    })());
  };
  void rebuild();

  return {
    async fetch(request) {
      if (running) await running;
      const file = await inUse.use(request);
      if (file !== undefined && latest?.worker && !latest.plan.loaded.has(file)) await rebuild();
      const build = latest ?? { failure: { code: 'SERVER', message: 'The dev server is shutting down.' } };
      if (!build.worker) return failureResponse(build.failure, request);
      // No route file serves it: a browser gets the routes there are (`/` most often).
      if (file === undefined && (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request)) return noRouteResponse(request, build.plan.routes, site);
      try {
        return await build.worker.fetch(request);
      } catch (error) {
        // The build's thread stopped while this request ran (a route module threw outside any
        // request): the request gets the page that says why, as the next one will.
        if (latest && !latest.worker) return failureResponse(latest.failure, request);
        throw error;
      }
    },
    close: () =>
      (closing ??= (async () => {
        stopWaiting?.();
        watcher.close();
        await running;
        await Promise.all([latest?.worker?.terminate(), spare?.terminate()]);
      })()),
  };
}
