/**
 * SIGINT and SIGTERM during the build `vite build` runs: Vite leaves them to Node, whose default ends
 * the process at once, before the build has removed its staging folder and lock. While the build
 * runs, the first signal aborts it instead (it ends its processes and removes what it made, as
 * `prerender build` does), its INTERRUPTED error is printed, and the signal is then given back to
 * the process, which Node's default ends with 128 + its number (130, 143), as a shell expects. A
 * second signal exits at once, leaving what the build made for the next one to clear. A signal that
 * comes once the output is complete (the step channel's `output`) is too late: said so, the output is
 * published, and the signal then ends the process.
 */
import { constants } from 'node:os';
import { errors } from '../errors.ts';
import type { Logger } from '../log.ts';
import { onceStepDone } from '../pipeline/step-channel.ts';
import { exitingNowLine, publishingOutcome, stoppingLine, stopSignals, tooLateLine } from '../stop-signals.ts';

/** Runs `build(signal)` with the signals aborting `signal`; rethrows what it throws but an interruption, after which the process ends by the signal. */
export async function interruptibleBuild<T>(logger: Logger, build: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  // Once the output is complete it is published whatever comes: a signal then is too late, and ends
  // the process by it once the build is over.
  let publishing = false;
  onceStepDone('output', () => (publishing = true));
  const onSignal = (signal: NodeJS.Signals) => {
    if (publishing) {
      if (!received) logger.info(tooLateLine(signal, publishingOutcome));
      received ??= signal;
      return;
    }
    if (received) {
      logger.error(exitingNowLine(signal));
      process.exit(128 + constants.signals[signal]);
    }
    received = signal;
    logger.info(stoppingLine(signal));
    controller.abort(errors.interrupted(signal));
  };
  for (const signal of stopSignals) process.on(signal, onSignal);
  try {
    const built = await build(controller.signal);
    if (received) {
      stopListening(onSignal);
      process.kill(process.pid, received);
    }
    return built;
  } catch (error) {
    // Failed for its own reason, or while it published after a late signal: its error is the news.
    if (received === undefined || publishing) throw error;
    const { message, details } = errors.interrupted(received).printed();
    logger.error([message, ...details].join('\n'));
    stopListening(onSignal);
    process.kill(process.pid, received);
    // The signal ends the process; a host that handles it itself gets the error as well.
    throw error;
  } finally {
    stopListening(onSignal);
  }
}

const stopListening = (listener: (signal: NodeJS.Signals) => void) => {
  for (const signal of stopSignals) process.off(signal, listener);
};
