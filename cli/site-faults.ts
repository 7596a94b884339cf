import { writeSync } from 'node:fs';
import { errors, type PrerenderError } from '../src/errors.ts';
import type { Logger } from '../src/log.ts';
import { handleError } from './handle-error.ts';

/** What the site's code did to the build's process, while a build runs: see {@link guardSiteFaults}. */
export interface SiteFaults {
  /** Aborted, with the ROUTES_STOPPED error as its reason, when the site's code threw outside any request. */
  signal: AbortSignal;
  /** Gives errors and the process's exit back to Node's default handling. */
  dispose(): void;
}

/**
 * The prerender runs the site's route modules in the build's own process. What their code does
 * outside a request would end it in Node's words, leaving the staging folder and the lock for the next
 * build, so while a build runs:
 * - an error thrown outside any request (a timer, an event listener, a promise nothing awaits) stops
 *   the build instead, through `signal`: it removes what it made and fails with ROUTES_STOPPED, the
 *   error's stack shown;
 * - `process.exit()` cannot be stopped: the command says what happened, and exits 1 whatever code was
 *   given (a 0 would pass a CI job whose output was never published); with `json`, the error is the
 *   JSON printed. The staging folder and the lock go with the process (output/staging.ts). `expected`
 *   tells an exit of the command's own (a second Ctrl-C) from the site's.
 */
export function guardSiteFaults(logger: Logger, expected: () => boolean, json?: (error: PrerenderError) => string): SiteFaults {
  const controller = new AbortController();
  const onError = (error: unknown) => {
    // Only the first stops the build; later ones are consequences or repeats, said as they come.
    if (controller.signal.aborted) return void logger.error(errors.siteThrewInBuild(error).message);
    controller.abort(errors.siteThrewInBuild(error));
  };
  const onExit = (code: number | string) => {
    if (expected()) return;
    const error = errors.siteExitedInBuild(code);
    // On 'exit' only synchronous writes happen: stdout and stderr to a file or a pipe are on Linux.
    if (json) writeSync(1, json(error));
    process.exitCode = handleError(error, logger);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  process.on('exit', onExit);
  return {
    signal: controller.signal,
    dispose() {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
      process.off('exit', onExit);
    },
  };
}
