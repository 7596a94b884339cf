import { setTimeout as sleep } from 'node:timers/promises';
import { maxRetryWait } from '../config/resolve-retry.ts';
import type { RetryPolicy } from '../config/types.ts';
import type { Rendered } from './render-route.ts';

/** Statuses worth asking again: the source may answer otherwise a moment later. */
const retryStatuses = new Set([408, 425, 429]);

/** True for a failure another attempt may fix: 408, 425, 429, any 5xx, or a timeout. */
export function isRetryable(rendered: Rendered): boolean {
  if (rendered.ok) return false;
  if (rendered.timedOut) return true;
  return retryStatuses.has(rendered.status) || (rendered.status >= 500 && rendered.status < 600);
}

/**
 * A `Retry-After` value in ms from `now`: delay-seconds (`120`) or an HTTP date (a date past is 0).
 * Undefined when it is neither, so the backoff applies.
 * @example parseRetryAfter('2', 0) // 2000
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  // Date.parse reads far more than HTTP dates; requiring a letter keeps bare numbers and junk out.
  return Number.isNaN(date) || !/[A-Za-z]/.test(trimmed) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 for the first): the response's `Retry-After` when it gives
 * one, else `delay * 2^retry`; never more than {@link maxRetryWait}.
 */
export function retryWait(policy: RetryPolicy, retry: number, retryAfter: string | undefined, now = Date.now()): number {
  const asked = parseRetryAfter(retryAfter, now);
  return Math.min(asked ?? policy.delay * 2 ** retry, maxRetryWait);
}

/**
 * Runs `render` until it succeeds, fails in a way a retry cannot fix, or `policy.attempts` are used
 * up, waiting {@link retryWait} between attempts (an abort of `signal` ends the wait, rejecting).
 * Without a policy, one attempt. A route that fails
 * after retries says so in its error, with the last attempt's status.
 */
export async function renderWithRetry(render: () => Rendered | Promise<Rendered>, policy: RetryPolicy | undefined, signal?: AbortSignal): Promise<{ rendered: Rendered; retries: number }> {
  let rendered = await render();
  let retries = 0;
  while (policy && retries + 1 < policy.attempts && isRetryable(rendered)) {
    await sleep(retryWait(policy, retries, rendered.ok ? undefined : rendered.retryAfter), undefined, { signal });
    retries++;
    rendered = await render();
  }
  if (!rendered.ok && retries > 0) rendered = { ...rendered, error: `${rendered.error} (after ${retries + 1} attempts, prerender.retry)` };
  return { rendered, retries };
}
