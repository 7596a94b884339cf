import { constants } from 'node:os';
import { errors, type PrerenderError } from '../src/errors.ts';
import type { Logger } from '../src/log.ts';
import { onceStepDone } from '../src/pipeline/step-channel.ts';
import { exitingNowLine, publishedOutcome, publishingOutcome, stoppingLine, stopSignals, tooLateLine } from '../src/stop-signals.ts';


/** SIGINT and SIGTERM, while a build runs: what it is told, and what the command exits with. */
export interface Interrupt {
  /** Aborted by the first signal, with the INTERRUPTED error as its reason. */
  signal: AbortSignal;
  /** The INTERRUPTED error, once a signal came. */
  readonly error: PrerenderError | undefined;
  /** The signal that came first, if one did. */
  readonly received: NodeJS.Signals | undefined;
  /** The shell's code for death by the signal that came: 128 + its number (130 for SIGINT, 143 for SIGTERM). */
  readonly exitCode: number | undefined;
  /**
   * The build is over, `outcome` saying how ("its output was published, and stays"): a signal that
   * came while it finished anyway, or that comes from now until the process exits, stops nothing; it
   * is said to have come too late, and the command exits with its code all the same (a CI job
   * cancelled meanwhile is told it was).
   */
  settled(outcome: string): void;
}

/**
 * Listens for SIGINT and SIGTERM from the build's start until the process exits. The first aborts
 * the build, which ends its processes and removes its staging folder and lock before the command
 * exits (once the build is over, it is too late to: {@link Interrupt.settled}); a second exits at
 * once, for a build that does not stop (a route's handler busy in a loop never lets the first be
 * handled).
 */
export function interruptOnSignals(logger: Logger): Interrupt {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  let over: string | undefined;
  const exitCode = () => (received ? 128 + constants.signals[received] : undefined);
  // Said once; again only when a publish said to be under way then failed.
  let said: string | undefined;
  const tooLate = () => {
    if (said === undefined || (said !== over && over !== publishedOutcome)) logger.info(tooLateLine(received!, over!));
    said = over;
    process.exitCode = exitCode();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal while the output is published waits for it: exiting then could leave no output at all.
    if (received && over !== undefined) return tooLate();
    if (received) {
      logger.error(exitingNowLine(signal));
      process.exit(exitCode());
    }
    received = signal;
    if (over !== undefined) return tooLate();
    logger.info(stoppingLine(signal));
    controller.abort(errors.interrupted(signal));
  };
  for (const signal of stopSignals) process.on(signal, onSignal);
  stopInterruptingWhileLoading();
  // Once the output is complete and being published, a signal stops nothing: said so, not "stopping".
  onceStepDone('output', () => {
    over ??= publishingOutcome;
  });
  return {
    signal: controller.signal,
    get error() {
      return received ? (controller.signal.reason as PrerenderError) : undefined;
    },
    get received() {
      return received;
    },
    get exitCode() {
      return exitCode();
    },
    settled(outcome) {
      over = outcome;
      if (received) tooLate();
    },
  };
}

/** The listener {@link interruptWhileLoading} installed, until a command listens itself. */
let whileLoading: ((signal: NodeJS.Signals) => void) | undefined;

/**
 * SIGINT and SIGTERM while api-prerender loads and a command starts (a few hundred milliseconds):
 * the process says it was interrupted and exits with 128 + the signal's number, where Node's default
 * would end it without a word. A command that listens for them itself then calls
 * {@link stopInterruptingWhileLoading}, after it listens: a signal that came while the modules
 * loaded (synchronously, so it waits for the event loop) goes to its listener, not lost between.
 */
export function interruptWhileLoading(logger: Logger): void {
  whileLoading = (signal) => {
    logger.error(errors.interruptedLoading(signal).message);
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of stopSignals) process.on(signal, whileLoading);
}

/** Gives SIGINT and SIGTERM to the command's own listeners (or Node's default): see {@link interruptWhileLoading}. */
export function stopInterruptingWhileLoading(): void {
  if (whileLoading) for (const signal of stopSignals) process.off(signal, whileLoading);
  whileLoading = undefined;
}
