/**
 * The dev server's build: Rollup in watch mode over the same plugins as `prerender build`. Every
 * rebuild is loaded in a new worker thread and replaces the previous build whole, whose thread then
 * ends; a failed one replaces it with its error, until a save fixes it. After the first save, a
 * rebuild loads only the route files in use, and a request for another loads it (routes-in-use.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { watch, type InputOptions, type Plugin, type RollupWatcher, type RollupWatcherEvent } from 'rollup';
import { inputOptions, outputOptions, toBuildError } from '../bundle/rollup-options.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors, PrerenderError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { describeFailure, logFailure, type BuildFailure } from './build-error.ts';
import { externalRuntime, reuseSources, servingEntry, watchFirst } from './dev-plugins.ts';
import { createRoutesInUse } from './routes-in-use.ts';
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
  let routes: RouteDefinition[] = [];
  // Every route file a build has had. Rollup stops watching a file once no build reaches it, and
  // its watcher then ignores that path even inside the watched routes folder: a route file removed
  // and written again (`git stash`, `git checkout`) would never be seen. Watching them by name keeps
  // each one seen.
  const routeFiles = new Set<string>();
  const inUse = createRoutesInUse();
  // Written to rebuild with a route file a request needs; what the build being made and the one
  // being served load (`undefined`: every route file).
  const marker = join(dirname(outFile), 'routes-in-use');
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, '');
  let loading: ReadonlySet<string> | undefined;
  let served: ReadonlySet<string> | undefined;
  const base = inputOptions({
    config,
    logger,
    onRoutes: (scanned) => {
      routes = scanned;
      inUse.setRoutes(scanned);
      for (const route of routes) routeFiles.add(resolve(config.routesDir, route.file));
    },
  });
  const plugins = [
    // The routes folder is watched even by a build that fails at once, so new route files count.
    watchFirst(() => [config.routesDir, ...routeFiles]),
    externalRuntime(),
    servingEntry({ routes: () => routes, routesDir: config.routesDir, inUse, marker, onEntry: (loaded) => (loading = loaded) }),
    ...(base.plugins as Plugin[]),
  ];

  let latest: DevBuild | undefined;
  let running: Pending | undefined = pending();
  let started = performance.now();
  let builds = 0;
  // What the last good build read, which Rollup goes on watching after a failure.
  let watchedByRollup = new Set<string>();
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
      served = loading;
      const count = `${routes.length} route file${routes.length === 1 ? '' : 's'}`;
      const files = served ? `${served.size} of ${count} (those in use; the others load when requested)` : count;
      logger.info(`${builds++ === 0 ? 'built' : 'rebuilt'} ${files} in ${Math.round(performance.now() - started)} ms`);
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
    const self = watch({ ...base, ...devBuildOptions, plugins: [reuseSources(), ...plugins], watch: { clearScreen: false, skipWrite: true } });
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

  // A build that leaves out the route file `request` goes to: served by a build that loads it.
  const needsLoad = (file: string | undefined) => file !== undefined && !latest?.failure && served !== undefined && !served.has(file);
  let reloading: Promise<void> | undefined;
  const rebuild = () =>
    (reloading ??= (async () => {
      running ??= pending();
      const built = running.promise;
      writeFileSync(marker, String(performance.now()));
      await built;
    })().finally(() => (reloading = undefined)));

  return {
    async current(request) {
      if (running) await running.promise;
      const file = request && (await inUse.fileFor(request));
      if (file !== undefined) inUse.use(file);
      // Twice at most: a file asked for while a rebuild had already read its entry needs the next.
      for (let tries = 0; tries < 2 && needsLoad(file) && !closing; tries++) await rebuild();
      return latest!;
    },
    close: () =>
      (closing ??= (async () => {
        retry?.close();
        await watcher.close();
        if (running) settle({ failure: { code: 'SERVER', message: 'The dev server is shutting down.' } });
        await Promise.all([...workers].map((worker) => worker.terminate()));
      })()),
  };
}

/**
 * What a dev build leaves out: tree-shaking. Its passes go over every module on every rebuild, a
 * sixth of the time a thousand route files take, to make a bundle that is loaded once and thrown
 * away; without them every statement of every module runs, as Node itself would run it.
 */
const devBuildOptions = { treeshake: false } satisfies InputOptions;

/** The absolute path of the source file an error points at, if any. */
function failedFile(error: unknown, root: string): string | undefined {
  const file = error instanceof PrerenderError ? error.loc?.file : undefined;
  return file === undefined ? undefined : isAbsolute(file) ? file : resolve(root, file);
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
