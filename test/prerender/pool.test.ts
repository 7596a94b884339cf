/** The prerender's pool (src/prerender/pool.ts): at most `concurrency` tasks in flight, and none left running after it rejects. */
import { describe, expect, it } from 'vitest';
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
