/**
 * When `prerender build` type-checks. The check is a `tsc` process of its own (run-tsc.ts); beside
 * the bundler's process and a prerender of a long route list its memory adds to theirs, so it runs
 * where it costs least for the site's size:
 * - a short route list: from the route scan on, beside bundling and the prerender, so that it never
 *   delays a small site's build;
 * - a long one (as the build expects it: pipeline/context.ts): once the bundler's process has ended
 *   and before the prerender starts, on its own.
 *   Measured at 100,000 routes (the bench's catalogue, peak RSS of the process tree, Node 20):
 *   232-237 MB this way, 232-233 MB without a check, 274-326 MB with the check beside bundling; a
 *   TypeScript 6 check started after bundling but run beside the prerender, 300-325 MB against
 *   275-278 MB waited for. Its seconds are few beside such a prerender's (0.3-1 s by TypeScript 7).
 * - one not known before bundling, with no earlier build to say how long: a routes function's (it is
 *   called after bundling: pipeline/plan.ts), or one a route file's `entries` may list (listed once
 *   the bundle is loaded): once the bundler's process has ended, beside the listing, and waited for
 *   before the prerender if a routes function's list is long. A first build of 100,000 routes from
 *   `entries` (the bench's, Node 20): the process tree's peak 179-184 MB this way, 204-214 MB with
 *   TypeScript 7's compiler (~70 MB) beside the bundler's process loading.
 * Its result is printed at the end of every build that started it, failed ones included (before
 * their error: the type errors often explain it).
 */
import type { SourceLocation } from '../errors/prerender-error.ts';
import type { Logger } from '../log.ts';
import { warn } from '../log.ts';
import { warnings } from '../warnings.ts';
import type { TypeCheckTask } from './check-config.ts';
import type { CheckMemo } from './remembered-check.ts';
import { reportTypeCheck, runTypeCheck, type TypeCheckReply } from './typecheck.ts';

/** From this many routes on, the check runs between bundling and the prerender (see above). */
export const checkBeforePrerenderRoutes = 25_000;
let longFrom = checkBeforePrerenderRoutes;

/** Whether a build of `routes` routes is one of a long route list, arranged for memory (see above). */
export const isLongRouteList = (routes: number): boolean => routes >= longFrom;

/**
 * Moves the line between a short and a long route list (a test shows both schedules report alike
 * without rendering 25,000 routes); returns the line it replaced.
 */
export function setLongRouteList(routes: number): number {
  const previous = longFrom;
  longFrom = routes;
  return previous;
}

/**
 * How long a failed build waits for a check still under way before it reports its error. TypeScript
 * 7 checks sample-site in 0.3 s, TypeScript 5 in 1.5 s, so a check started with the route scan has
 * usually ended by the time a build fails.
 */
export const failedBuildWaitMs = 10_000;

/** A type check under way or to come. */
export interface ScheduledCheck {
  /** Called once the bundler's process has ended: starts a check kept for a route count not known before. */
  afterBundling(): void;
  /**
   * Called once the routes are listed (`routeCount` expected now), before the prerender: waits for
   * the check, running it now if it was kept for this moment; but a check started after bundling
   * goes on beside the prerender of a short list (it started late to keep memory low, not to be
   * waited for).
   */
  beforePrerender(routeCount: number): Promise<void>;
  /** Prints the check's result (waiting for it when it runs beside the build). */
  report(logger: Logger): Promise<void>;
  /** The check's result, waited for as {@link report} does, without printing it: for the report page. */
  result(): Promise<TypeCheckReply>;
  /**
   * Prints the result of the check once the build failed, when it ends within `waitMs`; else stops it
   * and says so. A failure at `failedAt` (code the bundler could not compile) is printed with its own
   * frame: what the check found at that line is not printed again. A check kept for later (a routes function's, when bundling failed) starts now: the
   * build is over, its memory no concern. Nothing when it was reported or closed already.
   */
  reportAfterFailure(logger: Logger, failedAt?: SourceLocation, waitMs?: number): Promise<void>;
  /** Stops the check if it runs (its tsconfig goes with it); safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Schedules the check of `task` for a build of `routeCount` routes (undefined: not known before
 * bundling). With `memo` (the cache), a verdict kept for exactly these inputs is given instead of
 * checking, and a new one is kept.
 */
export function scheduleTypeCheck(task: TypeCheckTask, routeCount: number | undefined, logger: Logger, memo?: CheckMemo): ScheduledCheck {
  const stop = new AbortController();
  const recalled = memo?.recall();
  const run = async () => {
    if (recalled) return recalled;
    const checked = await runTypeCheck(task, stop.signal);
    if (!stop.signal.aborted) memo?.keep(checked);
    return checked;
  };
  const short = routeCount !== undefined && !isLongRouteList(routeCount);
  let reply: Promise<TypeCheckReply> | undefined = short || recalled ? run() : undefined;
  let reported = false;
  return {
    afterBundling() {
      if (routeCount === undefined) reply ??= run();
    },
    async beforePrerender(listed) {
      if (routeCount === undefined && !isLongRouteList(listed)) return;
      // Seconds on a large site: say what the pause is.
      if (!recalled && !short) logger.info(`checking types before the prerender (${routeCount ?? listed} routes expected: the check and the prerender run apart, for memory)`);
      await (reply ??= run());
    },
    // A build that bundled has run it; this covers a caller that reports without having bundled.
    async report(to) {
      reported = true;
      reportTypeCheck(await (reply ??= run()), to);
    },
    result: () => (reply ??= run()),
    async reportAfterFailure(to, failedAt, waitMs = failedBuildWaitMs) {
      if (reported || stop.signal.aborted) return;
      reported = true;
      reply ??= run();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
      const result = await Promise.race([reply, late]).finally(() => clearTimeout(timer));
      // close() stopped it meanwhile (the build is being interrupted): nothing to say.
      if (stop.signal.aborted) return;
      if (result) return reportTypeCheck(result, to, failedAt);
      stop.abort();
      warn(to, warnings.typeCheck(`The type check was still running ${waitMs / 1000} s after the build failed and was stopped; run \`npx tsc --noEmit\` for its verdict.`));
    },
    async close() {
      stop.abort();
      await reply;
    },
  };
}
