/** Runs `run` (sync or async) and returns what it threw, so a test can assert on code, message and hint. */
import { PrerenderError } from '../../src/errors.ts';

export async function catchError(run: () => unknown): Promise<PrerenderError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof PrerenderError) return error;
    throw new Error(`expected a PrerenderError, got: ${String(error)}`, { cause: error });
  }
  throw new Error('expected an error, but nothing was thrown');
}

/** The synchronous form of {@link catchError}. */
export function catchErrorSync(run: () => unknown): PrerenderError {
  try {
    run();
  } catch (error) {
    if (error instanceof PrerenderError) return error;
    throw new Error(`expected a PrerenderError, got: ${String(error)}`, { cause: error });
  }
  throw new Error('expected an error, but nothing was thrown');
}
