/**
 * The one object every step of a build reads and records into (see build.ts): what the build was
 * asked, where it logs, the processes it started and what it opened, so that the staging step
 * (stage.ts) can close all of it in one place.
 */
import type { BundleFacts } from '../bundle/bundle-facts.ts';
import type { StoredBundle } from '../cache/stored-bundle.ts';
import type { LoadConfigOptions } from '../config/load.ts';
import type { PrerenderRoute, ResolvedConfig } from '../config/types.ts';
import { collectWarnings, createLogger, type Logger } from '../log.ts';
import type { FileClaims } from '../output/file-claims.ts';
import type { WriterThread } from '../output/write-files.ts';
import type { Stage, StagePaths } from '../output/staging.ts';
import type { Shard } from '../shard/shard.ts';
import { startToolchain, type Toolchain } from '../toolchain/toolchain.ts';
import type { ScheduledCheck } from '../typecheck/schedule-typecheck.ts';
import type { Warning } from '../warnings.ts';
import type { CacheState } from './cache.ts';
import type { RouteSink } from './route-sink.ts';
import { is } from '../api-options.ts';

/** Options of `build()`: where the site is, config overrides, and where to log. */
export interface BuildOptions extends LoadConfigOptions {
  /** @default a logger on stderr */
  logger?: Logger;
  /**
   * Type-check the site's TypeScript (with the site's own `tsc` when it has TypeScript 5 or later, else
   * api-prerender's TypeScript 7), alongside bundling and prerendering; type errors are printed as
   * warnings at the end, before the error of a build that failed. @default true
   */
  typecheck?: boolean;
  /**
   * Prerender only this shard of the routes (chosen by a hash of each route), into
   * `<outDir>/<name>.shard-<k>-of-<n>`; `prerender merge` combines the shards into `<outDir>/<name>`.
   */
  shard?: Shard;
  /**
   * The clock (milliseconds) route times are measured with: the manifest's `ms`. A fixed clock makes
   * two builds of one input byte-identical, sharded or not. @default performance.now
   */
  now?: () => number;
  /**
   * Stops the build when aborted: it ends its processes, removes what it made (the staging folder,
   * the lock) and rejects with the signal's reason, the previous output untouched. A build that has
   * already put its output in place resolves as usual. `prerender build` aborts it on SIGINT and SIGTERM.
   */
  signal?: AbortSignal;
}

/** What each of {@link BuildOptions} takes, checked before a build starts (api-options.ts). */
export const buildOptionChecks = {
  root: is.string,
  configFile: is.fileOrFalse,
  config: is.config,
  logger: is.logger,
  typecheck: is.boolean,
  shard: is.shard,
  now: is.function,
  signal: is.signal,
} satisfies Record<keyof BuildOptions, unknown>;

/** A build before its config is loaded, and what it has opened so far. */
export interface BuildStart {
  readonly options: BuildOptions;
  /** Where the build logs; every warning it prints is also kept in {@link warnings}. */
  readonly logger: Logger;
  readonly warnings: Warning[];
  /** Compiles the config and bundles, in a process of its own (toolchain/), started when first needed. */
  readonly toolchain: Toolchain;
  /** Aborted: the build stops, and the staging step removes what it made. */
  readonly signal?: AbortSignal;
  /** `performance.now()` when the build started: the report's `ms`. */
  readonly started: number;
  /** The clock route times are measured with (the manifest's `ms`); absent: performance.now. */
  readonly now?: () => number;
  /** Prerender only this shard of the routes. */
  readonly shard?: Shard;
  /** The type check, once the scan step scheduled it (type checking on). */
  check?: ScheduledCheck;
  /**
   * Whether a route file may export `entries` (routes/may-list-entries.ts), read from the sources the
   * scan step found when first asked, once: only a build no earlier one told its count asks.
   */
  mayListEntries?: () => boolean;
  /** The staging folder and the lock, once the stage step made and took them. */
  stage?: Stage;
  /** The manifest and sitemap under way, once the prerender started. */
  sink?: RouteSink;
  /** The prerender's writer thread, when it was started ahead of the prerender (prerender.ts). */
  writerThread?: WriterThread;
  /** The output's cache, once the cache step opened it (cache on, and the cache usable). */
  cache?: CacheState;
  /** What the cache knows of the server bundle, once it is made or reused. */
  bundle?: BundleState;
}

/** The server bundle as the cache knows it. */
export interface BundleState {
  facts: BundleFacts;
  /** The bundle reused from the cache, when it was. */
  stored?: StoredBundle;
  /**
   * The key of what a bundle made by this build was made from (cache on), the lines it is made of
   * (the next build names what changed), and the key of its files alone.
   */
  key?: string;
  lines?: string[];
  sources?: string;
}

/** A build whose config is loaded: what every step after the config step reads. */
export interface BuildContext extends BuildStart {
  /** The config; `prerender.routes` is empty when a function lists them ({@link listRoutes}). */
  readonly config: ResolvedConfig;
  /** Calls the config's routes function, when it has one: the plan step's, once the bundle is made. */
  readonly listRoutes?: () => Promise<PrerenderRoute[]>;
  /** Where the output is staged (`paths.dir`) and then published (`paths.final`). */
  readonly paths: BuildPaths;
  /** Who writes which file of `public/`: publicDir's copies, the sitemap, robots.txt, each route. */
  readonly claims: FileClaims;
  /**
   * The files of `public/` that are no route's, as the steps write them (relative, `/`-separated):
   * publicDir's copies, the sitemap, robots.txt. The compress step compresses them beside the routes'.
   */
  readonly siteFiles: string[];
  /** How many of {@link siteFiles} are publicDir's copies (the report's `copied`), once the stage step made them. */
  publicCopies?: number;
}

/** The staging paths, and the server bundle's place in them. */
export interface BuildPaths extends StagePaths {
  /** `<stage>/server/index.mjs`. */
  serverFile: string;
}

/**
 * A build of `options` starting now: its logger (keeping the warnings it prints), and its toolchain,
 * whose process starts when the build first needs it (a TypeScript config, a bundle to make).
 */
export function startBuild(options: BuildOptions): BuildStart {
  const started = performance.now();
  const { logger, warnings } = collectWarnings(options.logger ?? createLogger());
  return { options, logger, warnings, toolchain: startToolchain(logger), signal: options.signal, started, now: options.now, shard: options.shard };
}

/**
 * How many routes the build expects to hold: those its config lists and as many as its crawl may add
 * (`crawl.limit`, an upper bound the site chose), or as many as the last build rendered (from
 * `entries`, a crawl, a routes function) when that was more. Known before bundling, it arranges the
 * processes for memory on a long list (schedule-typecheck.ts, bundle.ts): a first build crawling
 * 100,000 pages peaked at 227 MB with its type check beside bundling, 207 MB with it apart (tree RSS,
 * Node 20, tmpfs). Undefined when a routes function lists them, or a route file's `entries` may,
 * and no earlier build says how many: they are arranged for as a long list's are until listed.
 */
export function expectedRouteCount(build: BuildContext): number | undefined;
/** The same, once `listed` routes are planned from `prerender.routes`. */
export function expectedRouteCount(build: BuildContext, listed: number): number;
export function expectedRouteCount(build: BuildContext, listed?: number): number | undefined {
  const { routes, crawl } = build.config.prerender;
  const previous = build.cache?.previous?.index.records.count ?? 0;
  if (listed === undefined && previous === 0 && (build.listRoutes || build.mayListEntries?.())) return undefined;
  return Math.max((listed ?? routes.length) + (crawl?.limit ?? 0), previous);
}
