/**
 * The cache as one build uses it (SPEC section 8), once its bundle is made or reused: answers for
 * each route whether its output is reused, turns each rendered route and what it read into a record,
 * and, once the output is in place, writes the new index. Routes are asked for and added in route
 * order, so records stream in and out (records-file.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BundleFacts } from '../bundle/bundle-facts.ts';
import { checkStoredBody, storedBodyPath } from './body-store.ts';
import { keyChange, type BuildKey } from './build-key.ts';
import { cacheFormat, indexFile, writeIndex, type CacheIndex } from './cache-index.ts';
import { newCacheName } from './cache-names.ts';
import type { Fingerprints } from './fingerprint.ts';
import { removeGoneBodies } from './gone-bodies.ts';
import { createModuleTable, tableChanges } from './module-reads.ts';
import { createReadPlaces } from './read-places.ts';
import type { LoadLog, RouteLog } from './read-log.ts';
import type { RouteRecord } from './record.ts';
import type { RecordsReader } from './records-file.ts';
import { createRecordsWriter } from './records-file.ts';
import { reasonToRender, type RenderReason, type ReuseFacts } from './reuse.ts';
import { removeStoredBundle, type StoredBundle } from './stored-bundle.ts';
import { isUnfinished, markFinished, markUnfinished, removeStrayBodies } from './stray-bodies.ts';

/** What a build's cache is made with. */
export interface BuildCacheOptions {
  /** The output's cache folder (cache-index.ts). */
  dir: string;
  /** What the last build left there, checked (cache-index.ts); `undefined`: nothing usable. */
  previous: { index: CacheIndex; records: RecordsReader } | undefined;
  root: string;
  key: BuildKey;
  /** A hash of the route table (file, method, path of every route file): when it changed, another file may answer a route. */
  routeTable: string;
  facts: BundleFacts;
  /** The staged bundle's folder (its copied files are named by their sources). */
  serverDir: string;
  maxBodySize: number;
  /** `prerender.timeout` (ms). */
  timeout: number;
  /** The modification time (ms, whole seconds) of the bodies this build writes. */
  stamp: number;
  fingerprints: Fingerprints;
  /** Whether the bundle is the one the last build made (reused): only then may it go unloaded. */
  sameBundle: boolean;
  /**
   * What each route file's `entries` reached as it listed this build's routes, by the route file (as
   * the route table names it): what it read, fetched or took from the environment may be what it
   * hands the routes it lists (a list of posts kept for their handler), so it counts for every route
   * reaching those modules, as a shared read does.
   */
  entries?: ReadonlyMap<string, RouteLog>;
}

/** What a route renders with, or reuses. */
export type Decision = { reuse: RouteRecord; stored: string } | { reason: RenderReason };

/** The cache of one build (see above). */
export interface BuildCache {
  /** Whether the route table is the last build's: then a route's record names the file that answers it. */
  sameRouteTable: boolean;
  /**
   * Whether the bundle is the last build's and would load as it did: what its modules read as it
   * loaded is unchanged, and it reached no network. Then it need not load unless a route renders.
   */
  sameLoad(): boolean;
  /** The last build's record of `route` (asked in route order). */
  lookup(route: string): RouteRecord | undefined;
  /** Whether `record` is reused, given the route file that answers its route now and its `cacheKey`. */
  decide(record: RouteRecord | undefined, now: { routeFile: string | undefined; cacheKey: string | undefined }): Decision;
  /**
   * The record of a rendered route, from its output and what it read (`output` itself, completed: it is
   * the caller's, made for this); its body is stored at `stored`.
   */
  recordOf(output: RenderedOutput, log: RouteLog, cacheKey: string | undefined): { record: RouteRecord; stored: string };
  /** Adds a route's record to the new records (in route order). */
  add(record: RouteRecord): void;
  /**
   * Once the output is in place: writes the index naming the new records and `bundle`, removes the
   * stored bodies of routes gone (every body they do not name after a build that did not finish:
   * stray-bodies.ts) and the last bundle when replaced. `load`: what the bundle's load
   * read, `undefined` when it was not loaded.
   */
  commit(bundle: StoredBundle, load: LoadLog | undefined): void;
  /**
   * The build failed (or the commit did): removes what it wrote of the new records; nothing after a
   * commit. The bodies it stored stay until the next commit (stray-bodies.ts).
   */
  abandon(): void;
}

/** A rendered route's output, as the record keeps it. */
export type RenderedOutput = Pick<RouteRecord, 'route' | 'routeFile' | 'file' | 'status' | 'contentType' | 'headers' | 'bytes' | 'ms' | 'body' | 'crc32' | 'params' | 'problems' | 'links' | 'mistake'>;

/** The cache of a build (see above). */
export function createBuildCache(options: BuildCacheOptions): BuildCache {
  const { dir, root, facts, previous, fingerprints } = options;
  const sourceOf = (site: string) => join(root, site);
  const placeOf = createReadPlaces(root, options.serverDir, facts.assets);
  const modules = createModuleTable(placeOf, fingerprints, sourceOf);
  const changes = previous && tableChanges(previous.index.modules, fingerprints, sourceOf);
  const everyRoute = previous && keyChange(previous.index.key, options.key);
  const loadChanges = new Map<string, RenderReason | undefined>();
  const recordsName = newCacheName('records', '.jsonl');

  /**
   * The files `log` read (site path and fingerprint, sorted) and the modules they were read through,
   * each noted in the module table (by `share`: a route's shared reads, or an `entries`' listed ones)
   * as read through those modules, with what was reached through them.
   */
  const shareReads = (log: RouteLog, share: typeof modules.addShared = modules.addShared) => {
    const reads: [string, string][] = [];
    // Most routes read no file: no set of modules, nothing to sort.
    const through = log.files || log.trees ? new Set<string>() : undefined;
    const note = (paths: Map<string, string[]> | undefined, fingerprintOf: (source: string) => string) => {
      for (const [path, readers] of paths ?? []) {
        const { site, source } = placeOf(path);
        const fingerprint = fingerprintOf(source);
        reads.push([site, fingerprint]);
        for (const module of readers) through!.add(module);
        share(readers, site, fingerprint);
      }
    };
    note(log.files, fingerprints.file);
    note(log.trees, fingerprints.tree);
    if (reads.length > 1) reads.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    modules.addReached(log.envThrough, 'env');
    return { reads, through: through ? [...through].sort() : [] };
  };
  /**
   * A render or an `entries` of `routeFile` that reached the network: which of its modules made the
   * request is not known (a `fetch` is seen on Node's diagnostics channel, several promises away from
   * its caller), so each of the site's modules it reaches may keep what came back, for every route
   * that reaches them too.
   */
  const reachedNetwork = (routeFile: string, log: RouteLog) => {
    if (log.reachedNetwork) modules.addReached(facts.routes[routeFile]?.modules.filter((module) => !module.split('/').includes('node_modules')), 'network');
  };
  for (const [routeFile, log] of options.entries ?? []) {
    shareReads(log, modules.addListed);
    reachedNetwork(routeFile, log);
  }
  // Bodies that no record names: an earlier build that stored some and never committed left its
  // mark; a cache of no usable index (another version's, cut short) may hold a bodies folder.
  const unfinished = isUnfinished(dir) || (!previous && existsSync(join(dir, 'bodies')));
  // Marked as the first body is handed out to be stored, not before: a build that fails before it stores none leaves no mark.
  let marked = unfinished;
  const storedPath = (route: string) => {
    if (!marked) markUnfinished(dir);
    marked = true;
    return storedBodyPath(dir, route);
  };
  const writer = createRecordsWriter(join(dir, recordsName));
  let ended = false;

  // One object for every decision (asked one at a time), not one per route: a million routes.
  const known: ReuseFacts = {
    routeFile: undefined,
    cacheKey: undefined,
    everyRoute,
    code: (routeFile) => facts.routes[routeFile]?.code,
    loadChange(routeFile) {
      if (!loadChanges.has(routeFile)) {
        const found = facts.routes[routeFile]?.modules.map((module) => changes?.loadChange(module)).find((reason) => reason !== undefined);
        loadChanges.set(routeFile, found ?? (changes?.network ? 'network' : undefined));
      }
      return loadChanges.get(routeFile);
    },
    fingerprint: (path, before) => fingerprints.again(sourceOf(path), before),
    modules: (routeFile) => facts.routes[routeFile]?.modules ?? [],
    sharedChange: (module) => changes?.sharedChange(module),
    listedChange: (module) => changes?.listedChange(module),
    reached: (module) => changes?.reached(module),
    maxBodySize: options.maxBodySize,
    timeout: options.timeout,
  };

  return {
    sameRouteTable: previous?.index.routes === options.routeTable,
    sameLoad: () =>
      previous !== undefined &&
      options.sameBundle &&
      !changes!.network &&
      Object.keys(previous.index.modules.modules).every((module) => changes!.loadChange(module) === undefined),
    lookup: (route) => previous?.records.find(route),
    decide(record, now) {
      known.routeFile = now.routeFile;
      known.cacheKey = now.cacheKey;
      const reason = reasonToRender(record, known);
      if (reason !== undefined || !record) return { reason: reason ?? 'new' };
      const stored = storedBodyPath(dir, record.route);
      const stamp = checkStoredBody(stored, record.bytes, record.stamp, record.body);
      // Its stored body (the published file, linked) is gone or was changed after the build: rendered again.
      if (stamp === undefined) return { reason: 'output' };
      return { reuse: stamp === record.stamp ? record : { ...record, stamp }, stored };
    },
    recordOf(output, log, cacheKey) {
      const { reads, through } = shareReads(log);
      reachedNetwork(output.routeFile, log);
      const { code = '' } = facts.routes[output.routeFile] ?? {};
      const record = output as RouteRecord;
      Object.assign(record, { code, reads, through, network: log.reachedNetwork, env: log.reachedEnv, stamp: options.stamp });
      if (cacheKey !== undefined) record.cacheKey = cacheKey;
      return { record, stored: storedPath(output.route) };
    },
    add: (record) => writer.add(record),
    commit(bundle, load) {
      const records = { file: recordsName, ...writer.finish() };
      ended = true;
      if (!unfinished && previous?.records.passedOver()) removeGoneBodies(dir, join(dir, previous.index.records.file), join(dir, recordsName));
      previous?.records.close();
      const index: CacheIndex = {
        tool: 'api-prerender',
        format: cacheFormat,
        key: options.key,
        routes: options.routeTable,
        records,
        modules: modules.table(load, previous?.index.modules),
        bundle,
        stamp: options.stamp,
      };
      writeIndex(indexFile(dir), index, previous?.index.records.file);
      // Once the index names the new records: a sweep cut short (a body it may not remove) is done again by the next build.
      if (unfinished) removeStrayBodies(dir, join(dir, recordsName));
      markFinished(dir);
      removeStoredBundle(dir, previous?.index.bundle, bundle);
    },
    abandon() {
      if (ended) return;
      ended = true;
      writer.abandon();
      previous?.records.close();
      rmSync(join(dir, recordsName), { force: true });
    },
  };
}
