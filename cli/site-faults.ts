import { writeSync } from 'node:fs';
import { errors, messageOf, type PrerenderError } from '../src/errors.ts';
import type { BuildSettled } from '../src/errors/source.ts';
import { exitCallFrames } from '../src/exit-call.ts';
import type { Logger } from '../src/log.ts';
import { siteTrace } from '../src/prerender/site-trace.ts';
import { handleError } from './handle-error.ts';

/** What the site's code did to the build's process, while a build runs: see {@link guardSiteFaults}. */
export interface SiteFaults {
  /** Aborted, with the ROUTES_STOPPED error as its reason, when the site's code threw outside any request. */
  signal: AbortSignal;
  /**
   * The build ended (failed, or published its output): the site's timers may still run until the
   * command exits. What they do from now on is said as done after the build, and fails the command;
   * the JSON report is the build's, printed already or about to be.
   */
  settled(outcome: BuildSettled): void;
  /** Gives errors and the process's exit back to Node's default handling. */
  dispose(): void;
}

/**
 * The prerender runs the site's route modules in the build's own process. What their code does
 * outside a request would end it in Node's words, leaving the staging folder and the lock for the next
 * build, so while a build runs:
 * - an error thrown outside any request (a timer, an event listener, a promise nothing awaits) stops
 *   the build instead, through `signal`: it removes what it made and fails with ROUTES_STOPPED, the
 *   error's stack shown, its frames in the site named from `siteRoot` as a failed route's are;
 * - `process.exit()` cannot be stopped: the command says what happened, and exits 1 whatever code was
 *   given (a 0 would pass a CI job whose output was never published), naming the place in the site
 *   (under `siteRoot`) that called it; with `json`, the error is the JSON printed. The staging folder and the lock go with the process (output/staging.ts). `expected`
 *   tells an exit of the command's own (a second Ctrl-C) from the site's.
 * Once the build has ended (`settled`), the site's timers still run until the command exits: both are
 * said as done after the build, with what became of the output, and the command exits 1 (the built
 * server would end the same way). `dispose` as the command exits.
 */
export function guardSiteFaults(logger: Logger, expected: () => boolean, siteRoot: string, json?: (error: PrerenderError) => string): SiteFaults {
  const controller = new AbortController();
  let outcome: BuildSettled | undefined;
  const messages = new Set<string>();
  const onError = (error: unknown) => {
    // Only the first is said whole (and stops the build while it runs); later ones are consequences,
    // said in a line as they come, and repeats (a timer of setInterval) not again.
    if (messages.has(messageOf(error))) return;
    messages.add(messageOf(error));
    const said = errors.siteThrewInBuild(error, outcome, fromSiteRoot(error, siteRoot));
    if (controller.signal.aborted) return void logger.error(said.message);
    if (outcome) process.exitCode = handleError(said, logger);
    controller.abort(said);
  };
  const onExit = (code: number | string) => {
    if (expected()) return;
    const frames = exitCallFrames();
    const call = frames === undefined ? undefined : exitCall(code, frames, siteRoot);
    const error = errors.siteExitedInBuild(code, outcome, call);
    // On 'exit' only synchronous writes happen: stdout and stderr to a file or a pipe are on Linux.
    if (json && !outcome) writeSync(1, json(error));
    process.exitCode = handleError(error, logger);
  };
  const dispose = () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    process.off('exit', onExit);
    process.off('beforeExit', dispose);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  process.on('exit', onExit);
  // Nothing left to run (the command waiting on an unref'd child): no code of the site's can run
  // any more, and the exit that follows is the command's own.
  process.on('beforeExit', dispose);
  return {
    signal: controller.signal,
    settled(how) {
      outcome = how;
    },
    dispose,
  };
}

/**
 * `thrown` as its stack is shown: its frames in the site's files (and its causes') named from `root`,
 * as a failed route's trace names them (prerender/site-trace.ts); as it is when none is the site's.
 */
function fromSiteRoot<T>(thrown: T, root: string): T | Error {
  if (!(thrown instanceof Error)) return thrown;
  const { trace } = siteTrace(thrown, { root, routesDir: root });
  // Its own fields kept (a system error's code, errno and syscall, which --json reports).
  return trace ? Object.assign(new Error(thrown.message), thrown, { name: thrown.name, stack: `${thrown.name}: ${thrown.message}\n${trace}` }) : thrown;
}

/** An error whose stack says where process.exit(`code`) was called (`frames`), shown from the site root. */
function exitCall(code: number | string, frames: string, root: string): Error {
  return fromSiteRoot(Object.assign(new Error('called here'), { name: `process.exit(${code})`, stack: `process.exit(${code}): called here\n${frames}` }), root);
}
