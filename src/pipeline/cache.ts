/**
 * The cache steps (SPEC section 8): the cache opened once the config says where it is, the routes'
 * cache made for the prerender once the bundle is known, and the cache committed once the output is
 * published: never before, so a build that fails or is stopped leaves the last good cache as it was.
 */
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerBundle } from '../bundle/load-bundle.ts';
import type { EntriesTracking } from '../plan/route-entries.ts';
import { createBuildCache, type BuildCache } from '../cache/build-cache.ts';
import { buildKey } from '../cache/build-key.ts';
import { routeTableKey } from '../cache/bundle-inputs.ts';
import { openOutputCache, type OpenedCache } from '../cache/open-cache.ts';
import { LoadLog, RouteLog } from '../cache/read-log.ts';
import type { ReadTracking } from '../cache/read-tracker.ts';
import { createRouteCache } from '../cache/route-cache.ts';
import { storeBundle } from '../cache/stored-bundle.ts';
import { shownPath } from '../config/output-paths.ts';
import { messageOf } from '../errors.ts';
import { whileDoing } from '../file-limit.ts';
import { warn } from '../log.ts';
import type { RouteCache } from '../prerender/reuse-output.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { warnings } from '../warnings.ts';
import { fileListName } from '../report/file-list.ts';
import { bundleKey } from './bundle.ts';
import type { BuildContext } from './context.ts';

/** An incremental build's cache, as the steps after the cache step see it. */
export interface CacheState extends OpenedCache {
  /** What the bundle's load read (module-level code), once it loaded under {@link tracking}. */
  load: LoadLog;
  /** Whether the bundle was loaded: a build that renders nothing and lists no `entries` never loads it. */
  loaded: boolean;
  /** Notes what each route reaches while it renders; started when the bundle loads. */
  tracking?: ReadTracking;
  /** The cache of the routes, once the prerender started. */
  routes?: BuildCache;
  /** What each route file's `entries` reached, by the route file (as the route table names it). */
  entries?: Map<string, RouteLog>;
  /** The first body the cache could not take (its disk full, not writable): then the cache is not saved. */
  notStored?: { stored: string; error: NodeJS.ErrnoException };
}

/** How the plan step calls the route files' `entries` with the cache: each with what it reaches noted, for the routes it lists. */
export function trackEntries(build: BuildContext): EntriesTracking | undefined {
  const { cache } = build;
  const tracking = cache?.tracking;
  if (!cache || !tracking) return undefined;
  return (file, list) => {
    const log = new RouteLog();
    (cache.entries ??= new Map()).set(file, log);
    return tracking.run(log, list);
  };
}

/**
 * Opens the output's cache (`cache: true`, the default). A cache that cannot be used (another build
 * holds it, it cannot be written) or whose content is not trustworthy is reported (CACHE_IGNORED).
 * The toolchain is started at once unless the last bundle may be reused: it loads while the build scans.
 */
export async function openBuildCache(build: BuildContext): Promise<void> {
  const { config, logger, shard } = build;
  if (!config.cache) return build.toolchain.warm();
  const siteDir = join(config.cacheDir, config.name);
  const opening = await whileDoing('opening the build cache', () => openOutputCache(siteDir, shard));
  const shown = shownPath(siteDir);
  if ('unusable' in opening) {
    warn(logger, warnings.cacheUnusable(shown, opening.unusable));
    return build.toolchain.warm();
  }
  if (opening.ignored) warn(logger, warnings.cacheIgnored(shown, opening.ignored));
  build.cache = { ...opening.opened, load: new LoadLog(), loaded: false };
  // No bundle to reuse, or one of its files changed: the toolchain loads while the routes are listed.
  const stored = build.cache.previous?.index.bundle;
  if (!stored || bundleKey(build, [], stored.facts.inputs) !== stored.sources) build.toolchain.warm();
}

/**
 * The cache of the routes the prerender renders, once the bundle is made (or reused) and the server
 * is at hand (loaded when a route is rendered or a `cacheKey` asked); `undefined` without a cache.
 */
export function createRoutesCache(build: BuildContext, routeFiles: RouteDefinition[], server: () => Promise<ServerBundle>): RouteCache | undefined {
  const { config, cache, bundle, paths } = build;
  if (!cache?.tracking || !bundle) return undefined;
  const { facts } = bundle;
  cache.routes = createBuildCache({
    dir: cache.dir,
    previous: cache.previous,
    root: config.root,
    key: buildKey(config, facts.h3 ?? 'none'),
    routeTable: routeTableKey(routeFiles),
    facts,
    serverDir: join(paths.dir, 'server'),
    maxBodySize: config.prerender.maxBodySize,
    timeout: config.prerender.timeout,
    stamp: cache.stamp,
    fingerprints: cache.fingerprints,
    sameBundle: bundle.stored !== undefined,
    entries: cache.entries,
  });
  const keyed = new Set(Object.entries(facts.routes).flatMap(([file, code]) => (code.cacheKey ? [file] : [])));
  return createRouteCache({ cache: cache.routes, tracking: cache.tracking, routeFiles, keyed, serverRoutes: async () => (await server()).routes, site: config, timeout: config.prerender.timeout });
}

/**
 * Once the output is published: the new records and the server bundle become the cache the next
 * build starts from. A cache that cannot be saved (nor a body stored in it while the output was
 * written) does not fail a published build: it is reported (CACHE_NOT_SAVED), and the last cache
 * stays as it was.
 */
export async function commitBuildCache(build: BuildContext): Promise<void> {
  const { cache, bundle, config, paths, logger } = build;
  if (!cache?.routes || !bundle) return;
  if (cache.notStored) {
    // Records would name bodies the cache does not hold: the last cache stays, checked body by body as ever.
    const { stored, error } = cache.notStored;
    warn(logger, warnings.cacheBodyNotStored(shownPath(cache.dir), shownPath(stored), error.code, error.message));
    return closeBuildCache(build);
  }
  try {
    const stored = bundle.stored ?? (await storeBundle(cache.dir, join(paths.final, 'server'), { key: bundle.key!, sources: bundle.sources!, lines: bundle.lines!, facts: bundle.facts }));
    cache.routes.commit(stored, cache.loaded ? cache.load : undefined);
    // The output's file list, for the next build's report to compare with where dist/ is not kept (CI).
    await copyFile(join(paths.final, fileListName), join(cache.dir, fileListName));
  } catch (error) {
    cache.routes.abandon();
    warn(logger, warnings.cacheNotSaved(shownPath(cache.dir), messageOf(error)));
  } finally {
    await closeBuildCache(build);
  }
}

/** Ends the build's hold on its cache, whatever happened: what it began of new records goes. Safe to call twice. */
export async function closeBuildCache(build: BuildContext | { cache?: CacheState }): Promise<void> {
  const { cache } = build;
  if (!cache) return;
  cache.tracking?.stop();
  cache.routes?.abandon();
  await cache.release();
}
