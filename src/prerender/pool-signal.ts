import { setMaxListeners } from 'node:events';

/** A signal for a pool's tasks, following the caller's until released. */
export interface PoolSignal {
  readonly signal: AbortSignal;
  /** Stops following the caller's signal (the pool is done). */
  release(): void;
}

/**
 * The signal the tasks of a pool of `concurrency` listen on (runPool gives it to them). Each task in
 * flight listens for the abort (a route, and its retry's wait: two listeners), and Node warns past 10
 * listeners on one signal: a raw MaxListenersExceededWarning on the user's terminal (the link check
 * asking the server about 11 targets at once printed it). So they listen on a signal of the pool's
 * own, allowed as many as it can have, which aborts with `from` (the build's); no listener is added to
 * `from` but one.
 */
export function poolSignal(from: AbortSignal | undefined, concurrency: number): PoolSignal {
  const own = new AbortController();
  setMaxListeners(2 * concurrency + 1, own.signal);
  const forward = () => own.abort(from!.reason);
  if (from?.aborted) forward();
  else from?.addEventListener('abort', forward, { once: true });
  return { signal: own.signal, release: () => from?.removeEventListener('abort', forward) };
}
