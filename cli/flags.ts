import { PrerenderError } from '../src/errors.ts';
import { shutdownTimeoutFromEnv } from '../src/runtime/env-options.ts';

/** A flag's value as a whole number above 0, or a usage error naming the flag. */
export function positiveInteger(name: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new PrerenderError('USAGE', `${name} must be a whole number above 0, got ${JSON.stringify(value)}.`);
  }
  return number;
}

/** SHUTDOWN_TIMEOUT for `prerender dev` and `preview`, as the built server reads it; a bad value is a usage error. */
export function shutdownTimeout(): number {
  try {
    return shutdownTimeoutFromEnv(process.env);
  } catch (error) {
    throw new PrerenderError('USAGE', (error as Error).message, { hint: 'Set SHUTDOWN_TIMEOUT to the milliseconds requests in flight may take after Ctrl-C or SIGTERM, such as 10000.' });
  }
}
