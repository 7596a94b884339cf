import { configFileNames } from '../src/config/defaults.ts';
import { PrerenderError } from '../src/errors.ts';
import { shutdownTimeoutFromEnv } from '../src/runtime/env-options.ts';

/** The default of `--config` as `--help` shows it: the file names looked for, in order. */
export const configFileDefault = `the first found of ${configFileNames.join(', ')}`;

/** A flag's value, as typed, as a whole number above 0, or a usage error naming the flag. */
export function positiveInteger(name: string, value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number <= 0) {
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
