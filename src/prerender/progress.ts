import type { Logger } from '../log.ts';
import { counted } from '../plural.ts';

/**
 * Counts finished routes and shows it: one redrawn line on a terminal, a line every few seconds
 * elsewhere; and names a route that keeps the others waiting (a handler that does not answer).
 */
export interface Progress {
  tick(failed: boolean): void;
  /** More routes to render than first counted (crawled ones): the total grows by `routes`. */
  grow(routes: number): void;
  /** `route` starts rendering. */
  rendering(route: string): void;
  /** `route` has rendered (or failed to). */
  rendered(route: string): void;
  /** Shows the final count, if a line was shown; stops the display. */
  finish(): void;
  /** Stops the display, the build having failed or stopped: nothing more is shown. */
  stop(): void;
}

/** Milliseconds between redraws on a terminal, and between lines elsewhere (CI logs stay short). */
export const progressIntervals = { tty: 100, log: 5000 };

/**
 * A route rendering this long is named, every `every` ms while it still renders: a build waiting on a
 * handler that never answers said nothing until `prerender.timeout` (30 s by default) ran out.
 */
export const waitingShown = { after: 5000, every: { tty: 1000, log: 5000 } };

/**
 * A progress display for `total` routes: done/total, percent, rate, elapsed time, ETA and failures.
 * A run that ends before the first interval prints nothing. `now` is a clock in milliseconds;
 * `bounds` (prerender.timeout, and prerender.retry's attempts), said with a route that keeps the others waiting.
 */
export function createProgress(logger: Logger, total: number, now: () => number = performance.now.bind(performance), bounds?: WaitBounds): Progress {
  const start = now();
  const every = logger.isTTY ? progressIntervals.tty : progressIntervals.log;
  const waitingEvery = logger.isTTY ? waitingShown.every.tty : waitingShown.every.log;
  let last = start;
  let done = 0;
  let failed = 0;
  let shown = 0;
  // The routes rendering, with when each started (at most `concurrency` of them).
  const inFlight = new Map<string, number>();
  let watch: NodeJS.Timeout | undefined;
  let lastWaiting = start;
  let showing = false;
  let stopped = false;

  const show = (at: number) => {
    last = at;
    shown = done;
    logger.progress(formatProgress(done, total, failed, at - start));
  };
  const showWaiting = () => {
    const at = now();
    const waiting = [...inFlight].filter(([, since]) => at - since >= waitingShown.after);
    if (waiting.length === 0 || at - lastWaiting < waitingEvery) return;
    lastWaiting = at;
    const [route, since] = waiting[0];
    logger.progress(formatWaiting(route, at - since, waiting.length - 1, bounds));
  };
  const stop = () => {
    stopped = true;
    clearInterval(watch);
    watch = undefined;
    inFlight.clear();
  };

  return {
    tick(isFailure) {
      done++;
      if (isFailure) failed++;
      // Results held behind a slow route come at once: the count is shown after the last of them,
      // not with the first (a line saying 2/7 and a minute to go, then 7/7 in the same instant).
      if (showing || now() - last < every) return;
      showing = true;
      queueMicrotask(() => {
        showing = false;
        if (!stopped && shown !== done) show(now());
      });
    },
    grow(routes) {
      total += routes;
    },
    rendering(route) {
      inFlight.set(route, now());
      if (watch === undefined) {
        watch = setInterval(showWaiting, Math.min(waitingEvery, waitingShown.after) / 5);
        watch.unref();
      }
    },
    rendered(route) {
      inFlight.delete(route);
    },
    // The final count, if a line was shown and it is not already the last one; on a terminal the
    // next log line (the summary) replaces it.
    finish() {
      // A line was shown, or one is due: the count that ends it.
      const final = (last !== start || showing) && shown !== done;
      stop();
      if (final) show(now());
    },
    stop,
  };
}

/** What bounds a route's wait: prerender.timeout, for each of prerender.retry's `attempts`. */
export interface WaitBounds {
  timeout: number;
  attempts?: number;
}

/**
 * The line naming the route rendering longest, which the count waits on (results are counted in the
 * routes' order): `prerender waiting on /api/feed.xml for 12s (prerender.timeout 30s)`. The wait
 * spans a retried route's attempts and the pauses between them: the timeout is said to be each one's.
 */
export function formatWaiting(route: string, waitedMs: number, others: number, bounds?: WaitBounds): string {
  const more = others > 0 ? ` and ${counted(others, 'other route')}` : '';
  const timeout = bounds && `prerender.timeout ${formatDuration(bounds.timeout / 1000)}`;
  const attempts = bounds?.attempts ?? 1;
  const bound = timeout === undefined ? '' : attempts > 1 ? ` (${timeout} for each of up to ${attempts} attempts, prerender.retry)` : ` (${timeout})`;
  // Whole seconds waited so far, not rounded up as a time left is.
  return `prerender waiting on ${route}${more} for ${formatDuration(Math.floor(waitedMs / 1000))}${bound}`;
}

/** One progress line: `prerender 4200/10000 (42%) 3500 routes/s, 1.2s elapsed, ETA 2s, 3 failed`. */
export function formatProgress(done: number, total: number, failed: number, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  // done * 100 first: (29000 / 100000) * 100 is 28.999999999999996 in floating point.
  const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
  const eta = rate > 0 ? `ETA ${formatDuration((total - done) / rate)}` : 'ETA unknown';
  const failures = failed ? `, ${failed} failed` : '';
  // Under one a second (routes that wait on slow data), one decimal: not `0 routes/s` for 4 routes in 12 s.
  const perSecond = rate > 0 && rate < 1 ? `${rate.toFixed(1)} routes` : counted(Math.round(rate), 'route');
  return `prerender ${done}/${total} (${percent}%) ${perSecond}/s, ${seconds.toFixed(1)}s elapsed, ${eta}${failures}`;
}

/** `42s`, or `3m05s` from a minute on. */
function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}
