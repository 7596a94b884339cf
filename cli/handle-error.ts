import { stackWithCauses } from '../src/error-stack.ts';
import { PrerenderError } from '../src/errors.ts';
import type { Logger } from '../src/log.ts';

/**
 * The one top-level handler: prints what went wrong (location, code frame, hint, cause) and returns
 * the exit code. Errors we did not expect keep their stack, since it is the only clue.
 */
export function handleError(error: unknown, logger: Logger): number {
  if (error instanceof PrerenderError) {
    const at = error.loc ? `${error.loc.file}:${error.loc.line}:${error.loc.column}` : '';
    // Messages from the catalogue name their location already; others get it in front.
    const where = at && !error.message.includes(at) ? `${at}: ` : '';
    logger.error(`${where}${error.message}`);
    if (error.frame) logger.info(error.frame);
    if (error.traceCause && error.cause !== undefined) logger.info(stackWithCauses(error.cause));
    if (error.hint) logger.info(`  hint: ${error.hint}`);
    return error.exitCode;
  }
  logger.error(stackWithCauses(error));
  return 1;
}
