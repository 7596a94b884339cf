/**
 * `promise`, or a rejection with `late()` when `ms` pass before it settles. For the site's own
 * functions the build waits on: their timer also keeps the process alive meanwhile, where a promise
 * nothing will ever settle would let Node exit with code 13 and no message.
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `promise`, or a rejection with `signal.reason` as soon as `signal` aborts (the work goes on, but
 * nobody waits for it: the build stops). Without a signal, `promise` itself.
 */
export async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  let stop: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', stop!);
  }
}
