import { poolSignal } from './pool-signal.ts';

/** The items of a pool: an array, or a list that makes each item as it is taken (a crawl's level). */
export interface ItemList<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/**
 * Runs `task` for every item with at most `concurrency` in flight, in list order, and resolves when
 * all are done. A task that throws stops the pool from starting more; the pool rejects with that
 * error once the tasks already running have settled, so none of them still writes files after the
 * caller has cleaned up.
 *
 * Tasks that settle without I/O (a handler answering from memory, a write queued to the writer thread)
 * chain promise to promise, and Node runs no event-loop phase until the chain stops: no signal is
 * handled, no message from another process is read. So every {@link turnEveryMs} the workers all
 * wait for one turn of the loop before their next task. Measured at 100,000 routes (the bench's
 * catalogue): a SIGINT was noticed 2.2 s after it came without the turns, 20-40 ms with them; and a
 * short route list's toolchain process, whose "written" message went unread, was kept beside the
 * whole prerender (130 MB).
 *
 * With `signal` (the build's), each task is given a signal of the pool's own that aborts with it
 * (pool-signal.ts): tasks listen on that one, never on the caller's.
 */
export async function runPool<T>(
  items: ItemList<T>,
  concurrency: number,
  task: (item: T, index: number, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const stop = poolSignal(signal, concurrency);
  try {
    await runTasks(items, concurrency, (item, index) => task(item, index, stop.signal));
  } finally {
    stop.release();
  }
}

async function runTasks<T>(items: ItemList<T>, concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const turn = loopTurns(turnEveryMs);
  const worker = async () => {
    while (!failure && next < items.length) {
      const waiting = turn();
      if (waiting) await waiting;
      if (failure || next >= items.length) break;
      const index = next++;
      try {
        await task(items.at(index) as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
}

/**
 * How often (ms) a pool lets the event loop turn. Every 20 ms cost the catalogue's 100,000-route build
 * 7% of its time (paired runs); every 100 ms, 3%, within the runs' spread.
 */
const turnEveryMs = 100;

/**
 * A turn of the event loop shared by every caller: `undefined` until `everyMs` have passed since the
 * last one, then one promise, settled from `setImmediate` (after the loop has polled for I/O), that
 * every caller waits for until it settles.
 */
function loopTurns(everyMs: number): () => Promise<void> | undefined {
  let last = performance.now();
  let turn: Promise<void> | undefined;
  const settle = (resolve: () => void) => {
    turn = undefined;
    last = performance.now();
    resolve();
  };
  return () => {
    if (turn || performance.now() - last < everyMs) return turn;
    turn = new Promise((resolve) => setImmediate(settle, resolve));
    return turn;
  };
}
