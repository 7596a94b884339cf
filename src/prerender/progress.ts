import type { Logger } from '../log.ts';
import { counted } from '../plural.ts';

/** Counts finished routes and shows it: one redrawn line on a terminal, a line every few seconds elsewhere. */
export interface Progress {
  tick(failed: boolean): void;
  /** More routes to render than first counted (crawled ones): the total grows by `routes`. */
  grow(routes: number): void;
  finish(): void;
}

/** Milliseconds between redraws on a terminal, and between lines elsewhere (CI logs stay short). */
export const progressIntervals = { tty: 100, log: 5000 };

/**
 * A progress display for `total` routes: done/total, percent, rate, elapsed time, ETA and failures.
 * A run that ends before the first interval prints nothing. `now` is a clock in milliseconds.
 */
export function createProgress(logger: Logger, total: number, now: () => number = performance.now.bind(performance)): Progress {
  const start = now();
  const every = logger.isTTY ? progressIntervals.tty : progressIntervals.log;
  let last = start;
  let done = 0;
  let failed = 0;
  let shown = 0;

  const show = (at: number) => {
    last = at;
    shown = done;
    logger.progress(formatProgress(done, total, failed, at - start));
  };

  return {
    tick(isFailure) {
      done++;
      if (isFailure) failed++;
      const at = now();
      if (at - last >= every) show(at);
    },
    grow(routes) {
      total += routes;
    },
    // The final count, if a line was shown and it is not already the last one; on a terminal the
    // next log line (the summary) replaces it.
    finish() {
      if (last !== start && shown !== done) show(now());
    },
  };
}

/** One progress line: `prerender 4200/10000 (42%) 3500 routes/s, 1.2s elapsed, ETA 2s, 3 failed`. */
export function formatProgress(done: number, total: number, failed: number, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  // done * 100 first: (29000 / 100000) * 100 is 28.999999999999996 in floating point.
  const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
  const eta = rate > 0 ? `ETA ${formatDuration((total - done) / rate)}` : 'ETA unknown';
  const failures = failed ? `, ${failed} failed` : '';
  return `prerender ${done}/${total} (${percent}%) ${counted(Math.round(rate), 'route')}/s, ${seconds.toFixed(1)}s elapsed, ${eta}${failures}`;
}

/** `42s`, or `3m05s` from a minute on. */
function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}
