import { setFlagsFromString } from 'node:v8';

/**
 * Tunes V8's heap for a build or merge. Only the CLI calls this: its process is ours to tune, while
 * the library leaves the V8 of its host alone.
 * - `--heap-growing-percent=10`: the heap grows 10% past its live size between full collections
 *   instead of several times it. A build makes short-lived objects per route (a Request and a
 *   Response each), and by default some 180 MB of RSS at 100,000 routes is garbage waiting for a
 *   collection; at 10% it is collected sooner, at no measured cost in time (bench/RESULTS.md).
 * The young generation is left to grow as V8 grows it (2 x 16 MB at most). Kept at its starting size
 * through the prerender (`--semi-space-growth-factor=1`), it was collected six times as often and
 * each route's objects reached the old generation: a million routes took 110 s instead of 39 s, for
 * 366 MB of peak RSS instead of 383-398 (bench/RESULTS.md, memory by route shape).
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=10');
}
