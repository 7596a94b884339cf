/** The prerender's pool (src/prerender/pool.ts): at most `concurrency` tasks in flight, and none left running after it rejects. */
import { describe, expect, it } from 'vitest';
import { getEventListeners } from 'node:events';
import { runPool } from '../../src/prerender/pool.ts';

describe('runPool after a task fails', () => {
  it('waits for the tasks already running before it rejects, so none writes after cleanup', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const finished: number[] = [];
    let rejected = false;
    const pool = runPool([0, 1, 2, 3], 2, async (item) => {
      if (item === 0) throw new Error('task 0 failed');
      await gate;
      finished.push(item);
    });
    pool.catch(() => (rejected = true));
    // Let every pending callback run: a pool that rejects at once would have done so by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejected).toBe(false);

    release();
    await expect(pool).rejects.toThrow('task 0 failed');
    // Task 1 was running and finished; tasks 2 and 3 were never started.
    expect(finished).toEqual([1]);
  });
});

describe('runPool over tasks that never wait for I/O', () => {
  it('lets the event loop turn while they run, so a signal or a message is not held until the end', async () => {
    let started = 0;
    let turnedAt: number | undefined;
    // Scheduled before the pool: without a turn of the loop it runs only once every task is done.
    setImmediate(() => (turnedAt = started));
    const count = 300;
    await runPool(Array.from({ length: count }, (_, i) => i), 8, async () => {
      started++;
      // About 1 ms of work, then a promise settled at once: together, far longer than the pool's 100 ms between turns.
      const end = performance.now() + 1;
      while (performance.now() < end);
      await Promise.resolve();
    });
    expect(started).toBe(count);
    expect(turnedAt).toBeGreaterThan(0);
    expect(turnedAt).toBeLessThan(count);
  });
});

describe('runPool with the caller\'s signal', () => {
  // 16 tasks each listening twice (a route and its retry's wait) on one signal made Node print a
  // MaxListenersExceededWarning; the pool gives them a signal of its own.
  it('adds one listener to it, gives every task a signal that aborts with it, and removes the listener after', async () => {
    const caller = new AbortController();
    const seen: AbortSignal[] = [];
    let listening = -1;
    let started = 0;
    let allStarted!: () => void;
    const ready = new Promise<void>((resolve) => (allStarted = resolve));
    const pool = runPool(
      Array.from({ length: 16 }, (_, i) => i),
      16,
      async (_item, _index, signal) => {
        seen.push(signal);
        // Two listeners a task, as a route and its retry's wait make.
        signal.addEventListener('abort', () => {});
        if (++started === 16) allStarted();
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
      caller.signal,
    );
    await ready;
    listening = getEventListeners(caller.signal, 'abort').length;
    caller.abort(new Error('stopped'));
    await pool;
    expect(listening).toBe(1);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).not.toBe(caller.signal);
    expect(seen[0].reason).toEqual(new Error('stopped'));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    // A pool that ends without an abort leaves no listener behind either.
    const untouched = new AbortController();
    await runPool([0, 1], 2, async (_item, _index, signal) => void signal.addEventListener('abort', () => {}), untouched.signal);
    expect(getEventListeners(untouched.signal, 'abort')).toHaveLength(0);
  });
});
