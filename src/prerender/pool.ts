/**
 * Runs `task` for every item with at most `concurrency` in flight, in list order, and resolves when
 * all are done. A task that throws stops the pool from starting more; the pool rejects with that
 * error once the tasks already running have settled, so none of them still writes files after the
 * caller has cleaned up.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await task(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
}
