import { configChecks, type ConfigChecks } from './config-checks.ts';
import { defaults } from './defaults.ts';
import type { RetryPolicy } from './types.ts';

/**
 * The longest wait before a retry, in ms, whatever the backoff or a `Retry-After` asks: a build in CI
 * should not sit idle for an hour because a source said so, and a minute outlasts most rate limits.
 */
export const maxRetryWait = 60_000;

/** More attempts than this would keep a build waiting on one route for many minutes. */
export const maxAttempts = 10;

const shape = `false, or { attempts, delay? } with attempts a whole number from 1 to ${maxAttempts}`;

/**
 * `prerender.retry` checked: `undefined` or `false` is off; `{ attempts, delay? }` needs `attempts`
 * from 1 to {@link maxAttempts} and a `delay` of 0 to {@link maxRetryWait} ms. Throws a CONFIG error
 * naming the key (and, through `check`, where it was set).
 */
export function resolveRetry(value: unknown, check: ConfigChecks = configChecks()): RetryPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  const retry = check.objectAt('prerender.retry', value, shape);
  check.checkKeys('prerender.retry.', retry, ['attempts', 'delay']);
  const { attempts, delay = defaults.prerender.retryDelay } = retry;
  if (!isWhole(attempts, 1, maxAttempts)) check.fail('prerender.retry.attempts', `a whole number from 1 to ${maxAttempts} (requests per route, the first included)`, attempts);
  if (!isWhole(delay, 0, maxRetryWait)) check.fail('prerender.retry.delay', `a whole number of milliseconds from 0 to ${maxRetryWait}`, delay);
  return { attempts: attempts as number, delay: delay as number };
}

const isWhole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
