import type { Logger } from '../log.ts';

/** Counts finished routes and shows it: one redrawn line on a terminal, a line every few seconds elsewhere. */
export interface Progress {
  tick(failed: boolean): void;
  finish(): void;
}

/** How often the line is redrawn on a terminal, and printed elsewhere. */
const intervals = { tty: 100, log: 5000 };

/** A progress display for `total` routes; prints nothing for runs that end before the first interval. */
export function createProgress(logger: Logger, total: number, now: () => number = performance.now.bind(performance)): Progress {
  const start = now();
  const every = logger.isTTY ? intervals.tty : intervals.log;
  let last = start;
  let done = 0;
  let failed = 0;

  const show = () => {
    const seconds = (now() - start) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
    const failures = failed ? `, ${failed} failed` : '';
    logger.progress(`prerender ${done}/${total} (${Math.floor((done / total) * 100)}%) ${Math.round(rate)} routes/s, ${seconds.toFixed(1)}s elapsed, ETA ${eta}s${failures}`);
  };

  return {
    tick(isFailure) {
      done++;
      if (isFailure) failed++;
      const at = now();
      if (at - last >= every) {
        last = at;
        show();
      }
    },
    finish() {
      if (last !== start) show();
      if (logger.isTTY && last !== start) logger.info('');
    },
  };
}
