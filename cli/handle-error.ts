import { stackWithCauses } from '../src/error-stack.ts';
import { PrerenderError } from '../src/errors.ts';
import type { Logger } from '../src/log.ts';

/**
 * The one top-level handler: prints what went wrong (location, code frame, hint, cause) and returns
 * the exit code. Errors we did not expect keep their stack, since it is the only clue.
 */
export function handleError(error: unknown, logger: Logger): number {
  if (error instanceof PrerenderError) {
    const { message, details } = error.printed();
    logger.error(message);
    for (const line of details) logger.info(line);
    return error.exitCode;
  }
  logger.error(stackWithCauses(error));
  return 1;
}
