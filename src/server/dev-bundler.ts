/**
 * The dev server's build: Rollup in watch mode over the same plugins as `prerender build`. Every
 * rebuild is loaded in a new worker thread and replaces the previous build whole, whose thread then
 * ends; a failed one replaces it with its error, until a save fixes it. After the first save, a
 * rebuild loads only the route files in use, and a request for another loads it (routes-in-use.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { watch, type Plugin, type RollupWatcher, type RollupWatcherEvent } from 'rollup';
import { inputOptions, outputOptions, toBuildError } from '../bundle/rollup-options.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import type { Logger } from '../log.ts';
import { describeFailure, failedFile, logFailure, type BuildFailure } from './build-error.ts';
import { devBuildOptions, externalRuntime, reuseSources } from './dev-plugins.ts';
import { createRouteLoading } from './route-loading.ts';
import { waitForFolder, watchFiles } from './watch-names.ts';
import { startBundleWorker, type BundleWorker } from './worker-bundle.ts';

/** What the dev bundler needs. */
export interface DevBundlerOptions {
  config: ResolvedConfig;
  logger: Logger;
  /** Where each rebuild is written and imported from. */
  outFile: string;
}

/** What serves a build's routes. */
export interface DevRoutes {
  fetch(request: Request): Promise<Response>;
}

/** The latest build: routes to serve, or the reason there is none. */
export type DevBuild = { bundle: DevRoutes; failure?: undefined } | { bundle?: undefined; failure: BuildFailure };

/** A running watch build. */
export interface DevBundler {
  /**
   * The latest build; while one is running, waits for it, so a request after a save sees the change.
   * For a `request` whose route file the build left out, waits for a build that loads it.
   */
  current(request?: Request): Promise<DevBuild>;
  /** Stops watching. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts watching and building the site's routes. */
export function startDevBundler(options: DevBundlerOptions): DevBundler {
  const { config, logger, outFile } = options;
  const loading = createRouteLoading(config.routesDir, dirname(outFile));
  const base = inputOptions({ config, logger, onRoutes: loading.setRoutes });
  const plugins = [externalRuntime(), ...loading.plugins, ...(base.plugins as Plugin[])];

  let latest: DevBuild | undefined;
  let running: Pending | undefined = pending();
  let started = performance.now();
  let builds = 0;
  // What the last good build read, which Rollup goes on watching after a failure.
  let watchedByRollup = new Set<string>();
  // The sources the current watcher's builds read (reuseSources).
  let sources = new Map<string, string>();
  // Watches a broken file Rollup does not, or for the missing routes folder, to start over then.
  let retry: { close(): void } | undefined;
  let closing: Promise<void> | undefined;
  // The thread serving the latest good build, and one started ahead for the next build.
  let active: BundleWorker | undefined;
  let spare: BundleWorker | undefined;
  const workers = new Set<BundleWorker>();
  const startWorker = () => {
    const worker = startBundleWorker((error) => {
      workers.delete(worker);
      if (!error || worker !== active) return;
      active = undefined;
      settle({ failure: describeFailure(errors.routesStopped(error)) });
    });
    workers.add(worker);
    return worker;
  };
  // Replaces the build being served; the thread of the one before ends once it has answered.
  const replace = (build: DevBuild, worker?: BundleWorker) => {
    active?.retire();
    active = worker;
    settle(build);
  };

  const settle = (build: DevBuild) => {
    latest = build;
    if (build.failure) {
      logFailure(build.failure, logger);
    } else {
      loading.served();
      logger.info(`${builds++ === 0 ? 'built' : 'rebuilt'} ${loading.describe()} in ${Math.round(performance.now() - started)} ms`);
    }
    running?.resolve();
    running = undefined;
  };

  const onEvent = async (event: RollupWatcherEvent) => {
    if (event.code === 'BUNDLE_START') {
      running ??= pending();
      started = performance.now();
    } else if (event.code === 'BUNDLE_END') {
      retry?.close();
      watchedByRollup = new Set(event.result.watchFiles);
      // A module no build reads is no longer watched: read again when one does.
      for (const id of sources.keys()) if (!watchedByRollup.has(id)) sources.delete(id);
      // Written here, not by Rollup (`skipWrite`): its watcher re-registers every watched file after
      // a build and again after writing it, a second pass over a thousand files for nothing.
      await event.result.write(outputOptions(outFile));
      await event.result.close();
      const worker = spare ?? startWorker();
      spare = undefined;
      const failure = await worker.load(outFile, { root: config.root, routesDir: config.routesDir });
      if (closing) return void worker.terminate();
      if (failure) {
        void worker.terminate();
        replace({ failure });
      } else {
        replace({ bundle: worker }, worker);
      }
      spare = startWorker();
    } else if (event.code === 'ERROR') {
      await event.result?.close();
      const error = toBuildError(event.error, config.root);
      replace({ failure: describeFailure(error) });
      const file = failedFile(error, config.root);
      retry?.close();
      retry = undefined;
      if (!existsSync(config.routesDir)) {
        logger.info(`waiting for the routes folder ${relative(config.root, config.routesDir) || '.'} to be created`);
        retry = { close: waitForFolder(config.routesDir, restart) };
      } else {
        // Rollup's watcher can miss a module it read coming back after a removal: those are watched
        // here too, with the failing file when Rollup never read it.
        const gone = [...watchedByRollup].filter((path) => isAbsolute(path) && !existsSync(path));
        retry = watchFiles(file && !watchedByRollup.has(file) ? [...gone, file] : gone, restart);
        // Written back before the watch was in place: no event will come for it.
        if (gone.some((path) => existsSync(path))) restart();
      }
    }
  };

  const start = (): RollupWatcher => {
    sources = new Map();
    // A save of a file the last build did not read (a route file not in use): read it again, rebuild.
    loading.watch(
      (path) => watchedByRollup.has(path),
      (path) => {
        sources.delete(path);
        void rebuild();
      },
    );
    const self = watch({ ...base, ...devBuildOptions, plugins: [reuseSources(sources), ...plugins], watch: { clearScreen: false, skipWrite: true } });
    // Rollup awaits this handler, so a bundle is imported before the next build begins.
    self.on('event', async (event) => {
      if (self !== watcher) return;
      await onEvent(event).catch((error: unknown) => settle({ failure: describeFailure(error) }));
    });
    return self;
  };
  const restart = () => {
    if (closing) return;
    retry?.close();
    const previous = watcher;
    watcher = start();
    void previous.close();
  };
  let watcher = start();

  // Starts a rebuild and resolves when it has been served.
  const rebuild = () => {
    running ??= pending();
    loading.rebuild();
    return running.promise;
  };

  return {
    async current(request) {
      if (running) await running.promise;
      // A build that leaves out the route file `request` goes to: served by one that loads it. Twice
      // at most: a file asked for while a rebuild had already read its entry needs the next.
      for (let tries = 0; tries < 2 && request && !closing && !latest?.failure && (await loading.needsLoad(request)); tries++) await rebuild();
      return latest!;
    },
    close: () =>
      (closing ??= (async () => {
        retry?.close();
        loading.close();
        await watcher.close();
        if (running) settle({ failure: { code: 'SERVER', message: 'The dev server is shutting down.' } });
        await Promise.all([...workers].map((worker) => worker.terminate()));
      })()),
  };
}

interface Pending {
  promise: Promise<void>;
  resolve(): void;
}

/** A promise and its resolve function (Promise.withResolvers needs Node 22). */
function pending(): Pending {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
