/**
 * The main side of the toolchain process (see toolchain-process.ts). The build process then never
 * loads Rollup or TypeScript: its peak memory is the prerender's, and the toolchain's (TypeScript
 * alone is ~76 MB once imported) is given back to the system when the process ends, or, when the
 * build is done with it, the process waits warm for the next build (toolchain-pool.ts). The type
 * check is not its work: it runs the site's `tsc` (typecheck/schedule-typecheck.ts).
 */
import type { ChildProcess } from 'node:child_process';
import type { BundleFacts, BundleWarning } from '../bundle/bundle-facts.ts';
import type { RollupCacheFile } from '../cache/rollup-cache.ts';
import type { ConfigCompiler } from '../config/load.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { WarningCode } from '../warnings.ts';
import type { Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { asFileLimit } from '../file-limit.ts';
import { fromThreadError, type ThreadError } from './thread-error.ts';
import { endToolchainProcess, giveBackToolchainProcess, keptWhenGivenBack, takeToolchainProcess } from './toolchain-pool.ts';

/** What the bundler needs of a resolved config. */
export type BundleSite = Pick<ResolvedConfig, 'root' | 'routesDir' | 'apiPrefix'>;

/**
 * What the process is asked to do; a build asks one task at a time (compile the config, then bundle).
 * `end`: exit once the task under way is over (Rollup's cache written), sent when the build will not
 * give the process back to wait for another.
 */
export type ToolchainTask =
  | { type: 'compile-config'; file: string }
  | ({ type: 'bundle'; site: BundleSite; routes: RouteDefinition[]; outFile: string } & BundleChoices)
  | { type: 'end' };

/** How the process bundles, beside what it bundles. */
export interface BundleChoices {
  /** Where Rollup's cache of the last bundle is kept: read from, and the new one written there. */
  rollupCache?: RollupCacheFile;
  /**
   * How the process keeps its memory from adding to the build's (absent: a small site's build, which
   * goes on to its prerender while the process writes Rollup's cache):
   * - `lean`: the build holds a long route list as it bundles. The process collects its garbage
   *   between Rollup's phases and before writing Rollup's cache (some 90 ms), so that the two
   *   processes' peaks add up to less, and writes that cache before it answers.
   * - `apart`: the build will make its route list (a function's) once this process has ended. It
   *   writes Rollup's cache before it answers, without the collections: the build holds little beside it.
   */
  memory?: 'lean' | 'apart';
}

/**
 * A message from the process: the end of the task under way (its value, or its error; `writing`: it
 * writes Rollup's cache now, and says `written` once done), or a line for the logger.
 */
export type ToolchainReply =
  | { done: unknown; writing?: true }
  | { written: true }
  | { failed: ThreadError }
  | { log: 'info' | 'warn' | 'error' | 'progress'; message: string; code?: WarningCode };

/** A running toolchain process. */
export interface Toolchain {
  /** Compiles a TypeScript config beside itself (see compile-config.ts). */
  compileConfig: ConfigCompiler;
  /**
   * Starts the process now, without a task, when the build knows it will need it (a cold bundle):
   * it loads while the build scans the routes.
   */
  warm(): void;
  /**
   * Bundles the site's `routes` (scanned from its routesDir) into `outFile` (see bundle-server.ts),
   * from Rollup's cache of the last bundle and keeping the new one when `choices.rollupCache` says
   * where; returns what the cache needs to know of the bundle, sent back from the process.
   */
  bundleServer(config: ResolvedConfig, routes: RouteDefinition[], outFile: string, choices?: BundleChoices): Promise<BundleFacts>;
  /**
   * Gives the process back, or ends it when a task is still under way (the build failed while it
   * compiled or bundled); safe to call more than once.
   */
  close(): Promise<void>;
}

/** The task under way: how its promise settles. */
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * The toolchain of one build: its process is started (or a warm one taken, toolchain-pool.ts) at the
 * first task or {@link Toolchain.warm}, not before: a build whose config is JavaScript and whose
 * bundle is reused from the cache never starts it. Warnings it reports go to `logger`.
 */
export function startToolchain(logger: Logger): Toolchain {
  let child: ChildProcess | undefined;
  let pending: Pending | undefined;
  /** Rollup's cache being written after a bundle's answer: the process is not ended or reused before. */
  let writing: { done: Promise<void>; end: () => void } | undefined;
  let ended: unknown;
  let closing: Promise<void> | undefined;
  /** The warnings of the bundle under way, kept with its facts: a bundle reused gives them again. */
  let bundleWarnings: BundleWarning[] | undefined;
  const fail = (error: unknown) => {
    ended ??= error;
    pending?.reject(error);
    pending = undefined;
  };
  const onMessage = (reply: ToolchainReply) => {
    if ('log' in reply && reply.log === 'warn') bundleWarnings?.push({ message: reply.message, code: reply.code });
    if ('log' in reply) return reply.log === 'warn' ? logger.warn(reply.message, reply.code) : logger[reply.log](reply.message);
    if ('written' in reply) return writing?.end();
    const task = pending;
    pending = undefined;
    if ('failed' in reply) return task?.reject(fromThreadError(reply.failed));
    if (reply.writing) writing = waitForWrite();
    task?.resolve(reply.done);
  };
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    writing?.end();
    fail(new Error(`The build's toolchain process stopped (${signal ?? `exit code ${code}`}).`));
  };
  // Out of file descriptors, the process cannot start: FILE_LIMIT, naming that.
  const onError = (error: unknown) => fail(asFileLimit("starting the build's toolchain process", error));
  const started = (): ChildProcess => {
    if (child) return child;
    child = takeToolchainProcess();
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
    return child;
  };

  const ask = (task: ToolchainTask) =>
    new Promise<unknown>((resolve, reject) => {
      if (ended !== undefined) return reject(ended);
      // A build awaits each task before the next: a second one at once is a bug of the caller's.
      if (pending) return reject(new Error('The toolchain process runs one task at a time.'));
      pending = { resolve, reject };
      const running = started();
      // A process that could not start has no channel: its 'error', on a later tick, rejects the task.
      if (running.connected) running.send(task);
    });

  return {
    warm: () => void (ended === undefined && started()),
    compileConfig: async (file) => (await ask({ type: 'compile-config', file })) as string,
    async bundleServer(config, routes, outFile, choices = {}) {
      const site: BundleSite = { root: config.root, routesDir: config.routesDir, apiPrefix: config.apiPrefix };
      bundleWarnings = [];
      try {
        const facts = (await ask({ type: 'bundle', site, routes, outFile, ...choices })) as BundleFacts;
        return bundleWarnings.length > 0 ? { ...facts, warnings: bundleWarnings } : facts;
      } finally {
        bundleWarnings = undefined;
      }
    },
    // Every call waits for the one closing: a build stopped by an abort closes it at once, and its
    // cleanup's close must still wait until the process has exited.
    close: () => (closing ??= close()),
  };

  async function close(): Promise<void> {
    if (ended !== undefined) return;
    ended = new Error("The build's toolchain process was closed.");
    if (!child) return;
    // Still writing Rollup's cache and not to be kept: it ends itself once written. Its memory then
    // does not wait for this process to read its "written" message, late when a prerender keeps
    // this process busy (an `entries` listing of 100,000 routes: 0.6 s).
    if (writing && child.connected && !keptWhenGivenBack()) child.send({ type: 'end' } satisfies ToolchainTask);
    await writing?.done;
    child.off('message', onMessage);
    child.off('error', onError);
    child.off('exit', onExit);
    // A task still under way is stopped with its process.
    if (pending) {
      fail(ended);
      return endToolchainProcess(child);
    }
    await giveBackToolchainProcess(child);
  }
}

/** A write to wait for, ended by `end()`. */
function waitForWrite(): { done: Promise<void>; end: () => void } {
  let end = () => {};
  const done = new Promise<void>((resolve) => (end = resolve));
  return { done, end };
}
