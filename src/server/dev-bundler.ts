/**
 * The dev server's build: Rollup (route-bundler.ts), run again on every save for the route files the
 * save made out of date (changed-routes.ts), on a watcher of our own that sees every path a build read
 * and the whole routes folder. Each build is served by a worker thread of its own (build-worker.ts),
 * which imports the changed route files' modules at once and every other one on its route's first
 * request, and replaces the previous build whole. A route file that fails in its own source is left
 * out of the build and answers its error until a save fixes it; the others are served. An error in
 * another module is answered by the route files the build left out of date, while the last build
 * serves the others, or by every route when it was to bundle them all or the route table changed.
 * A build whose thread a route module ended (process.exit()) is served again in a new thread on the
 * next request. How a request is answered: dev-answer.ts.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { siteFile } from '../bundle/load-bundle.ts';
import { toBuildError } from '../bundle/rollup-options.ts';
import { configName } from '../config/key-origin.ts';
import { shownPath } from '../config/output-paths.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { installRecords } from '../installed-package.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';
import { scanRoutes } from '../routes/scan.ts';
import { isInside } from '../runtime/inside.ts';
import { describeFailure, failedFile, logFailure, type BuildFailure } from './build-error.ts';
import { startBuildWorker, type BuildWorker } from './build-worker.ts';
import { answerFromBuild, logBroken, type Broken, type Served } from './dev-answer.ts';
import { describePlan, keepChanges, outOfDateAfterFailure, planBuild, type BuildPlan, type Changes } from './changed-routes.ts';
import { createRouteBundler, type Bundle } from './route-bundler.ts';
import { shadowedRouteWarner } from './shadowed-warnings.ts';
import { waitForFolder, watchPaths } from './watch-names.ts';
import type { DevBundler, DevBundlerOptions } from './dev-bundler-api.ts';

export type { DevBundler, DevBundlerOptions } from './dev-bundler-api.ts';

/** How long a save's burst of file events may take: one build follows them all. */
const settleMs = 10;

/** Nothing changed yet. */
const noChanges = (): Changes => ({ all: false, paths: new Set(), failedReads: new Set() });

/** Starts watching and building the site's routes. */
export function startDevBundler(options: DevBundlerOptions): DevBundler {
  const { config, logger, outDir, bodyLimit } = options;
  const site = { root: config.root, routesDir: config.routesDir };
  const bundler = createRouteBundler(config, logger, outDir, () => routes);
  // Every route file is out of date until a build has bundled them all.
  let changes: Changes = { ...noChanges(), all: true };
  let routes: RouteDefinition[] = [];
  // Scanned again only after a file under routesDir was added, removed or renamed, or a build failed.
  let scanned = false;
  let latest: Served | undefined;
  let spare: BuildWorker | undefined;
  /** The thread of the build under way while it loads its route modules (a top-level await may hold it up to prerender.timeout). */
  let loading: BuildWorker | undefined;
  let builds = 0;
  let queued = false;
  let running: Promise<void> | undefined;
  let stopWaiting: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  const records = new Set(installRecords(config.root));
  const watcher = watchPaths((path, event) => {
    changes.paths.add(path);
    if (event === 'rename' && isInside(path, config.routesDir)) scanned = false;
    // Packages installed or removed (another h3): all bundled again, in a thread that loads them anew.
    if (records.has(path)) {
      changes.all = true;
      void spare?.terminate();
      spare = undefined;
    }
    for (const id of bundler.graph.readers(path)) changes.paths.add(id);
    void rebuild(settleMs);
  });
  watcher.add(records);

  const startWorker = (): BuildWorker => {
    const worker = startBuildWorker(
      { bodyLimit, dir: outDir, site, timeout: config.prerender.timeout },
      {
        onStop: (error) => latest?.worker === worker && serve({ failure: describeFailure(errors.routesStopped(error)), stopped: latest }),
        onLoadFailure: (failure) => logFailure(failure, logger),
        onRouteError: (line) => logger.error(line),
        onWarning: (warning) => warn(logger, warning),
      },
    );
    return worker;
  };

  // Replaces the build being served; the thread of the one before ends once it has answered.
  const serve = (build: Served, started?: number, restarted?: boolean) => {
    latest?.worker?.retire();
    latest = build;
    if (!build.worker) return logFailure(build.failure, logger);
    const ms = Math.round(performance.now() - started!);
    if (restarted) return logger.info(`started the routes again in a new thread, after theirs stopped, in ${ms} ms`);
    const verb = builds++ === 0 ? 'built' : 'rebuilt';
    logger.info(`${verb} ${describePlan(build.plan, (file) => siteFile(site, file), build.broken?.size)} in ${ms} ms`);
    if (build.broken) logBroken(logger, site, build.broken, 'the other routes are served');
  };

  const bundle = async (): Promise<void> => {
    const started = performance.now();
    // Nothing saved since a route module ended its thread: the same build, in a new thread, as a
    // server's supervisor starts it again. Its modules load on their routes' first requests.
    if (latest?.stopped && !changes.all && changes.paths.size === 0) return launch({ ...latest.stopped.plan, load: new Set() }, started, latest.stopped.broken, true);
    if (!existsSync(config.routesDir)) return waitForRoutes();
    watcher.add([config.routesDir]);
    // What is saved while this build runs is the next one's.
    const taken = changes;
    changes = noChanges();
    let plan: BuildPlan | undefined;
    let bundled: Bundle;
    try {
      // Marked first: a file added while the scan runs marks it stale again.
      if (!scanned && (scanned = true)) setRoutes(await scanRoutes(config.routesDir, config.apiPrefix, { root: config.root, configFile: configName(config.root, config.configFile), command: 'dev', onWarning: (warning) => warn(logger, warning) }));
      plan = planBuild(routes, taken, bundler.graph, { routesDir: config.routesDir, modules: bundler.modules });
      bundled = await bundler.bundle(plan);
    } catch (thrown) {
      scanned = false;
      const error = toBuildError(thrown, config.root);
      const reads = watchFailed([failedFile(error, config.root) ?? []].flat(), (thrown as { watchFiles?: string[] }).watchFiles ?? []);
      changes = keepChanges(taken, changes, reads);
      const failure = describeFailure(error);
      return plan && keepLastBuild(plan, new Map(), failure) ? undefined : serve({ failure });
    }
    watcher.add(bundled.reads);
    if (bundled.failed.size === 0) return launch(plan, started);
    // Route files left out, each failed in its own source: the others are served without them; by
    // the last build, as after any failure, when nothing else was to be bundled.
    const reads = watchFailed([...bundled.failed.values()].map((failed) => failed.path));
    const failures = new Map([...bundled.failed].map(([file, failed]) => [file, describeFailure(failed.error)]));
    const alone = plan.changed.size === 0 && plan.modules.size === 0;
    changes = keepChanges(alone ? taken : noChanges(), changes, reads);
    const first = failures.values().next().value!;
    // Every route file failed: every path answers an error, as when a build fails whole.
    if (alone && failures.size === new Set(plan.routes.map((route) => route.file)).size) return serve({ failure: first });
    if (alone && keepLastBuild({ ...plan, changed: new Set(failures.keys()) }, failures, first)) return;
    return launch(plan, started, failures);
  };

  /** Watches what failed builds read and the files they failed in: a save of one may fix it; so may a package installed (watched always). */
  const watchFailed = (failedIn: string[], read: string[] = []): string[] => {
    const reads = [...read, ...failedIn, ...records];
    watcher.add(reads);
    return reads;
  };

  /**
   * Keeps the last build served while the route files a failed build of `plan` left out of date answer
   * with the error: each its own of `failures`, if it has one, else `failure`. False when it cannot:
   * none is served, the route table changed, or every route file is out of date.
   */
  const keepLastBuild = (plan: BuildPlan, failures: Broken, failure: BuildFailure): boolean => {
    const served = latest?.worker ? latest : undefined;
    const files = served && outOfDateAfterFailure(plan, served.plan.routes, bundler.graph, { routesDir: config.routesDir, modules: bundler.modules });
    if (!served || !files) return false;
    latest = { worker: served.worker, plan: served.plan, broken: new Map([...files].map((file) => [file, failures.get(file) ?? failure])) };
    logBroken(logger, site, latest.broken!, 'the other routes are served from the last build');
    return true;
  };

  /** Serves `plan` in a thread of its own, which imports the modules of the route files `plan.load` names at once. */
  const launch = async (plan: BuildPlan, started: number, broken?: Broken, restarted?: boolean): Promise<void> => {
    const worker = spare ?? startWorker();
    spare = undefined;
    loading = worker;
    const failure = await worker.load(plan.routes, fileName, plan.routes.filter((route) => plan.load.has(route.file)).map((route) => route.file), bundler.cycles());
    loading = undefined;
    if (closing || failure) void worker.terminate();
    if (closing) return;
    serve(failure ? { failure } : { worker, plan, broken: broken?.size ? broken : undefined }, started, restarted);
    spare = startWorker();
    spare.prepare(plan.routes, fileName);
  };

  // None for a route file no build could bundle yet: it answers its error, never loaded.
  const fileName = (file: string) => bundler.modules.get(file)?.fileName;

  const warnShadowed = shadowedRouteWarner(site, logger);
  const setRoutes = (scanned: RouteDefinition[]) => {
    routes = scanned;
    warnShadowed(routes);
    options.onRoutes?.(routes);
  };

  const waitForRoutes = () => {
    serve({ failure: describeFailure(errors.noRoutesDir(config.routesDir, config.root, configName(config.root, config.configFile), findNearbyRoutes(config.root, config.routesDir), 'dev')) });
    logger.info(`waiting for the routes folder ${shownPath(config.routesDir)} to be created`);
    stopWaiting?.();
    stopWaiting = waitForFolder(config.routesDir, () => void rebuild());
  };

  // Builds again after `delay` ms, and again as long as saves come in meanwhile; resolves when the
  // build served has everything saved up to the call.
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
      if (latest?.stopped) await rebuild();
      const build = latest ?? { failure: { code: 'SERVER', message: 'The dev server is shutting down.' } };
      return answerFromBuild(build, request, { config, site, latest: () => latest });
    },
    async routeFile(request) {
      await running;
      return latest?.worker?.routeFile(request);
    },
    close: (options) =>
      (closing ??= (async () => {
        stopWaiting?.();
        watcher.close();
        // A build still loading its modules ends now, not when they settle or time out.
        void loading?.terminate();
        await running;
        if (options?.finishRequests) latest?.worker?.retire();
        await Promise.all([options?.finishRequests ? undefined : latest?.worker?.terminate(), spare?.terminate()]);
      })()),
  };
}
