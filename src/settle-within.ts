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
