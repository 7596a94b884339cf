import { setFlagsFromString } from 'node:v8';

/**
 * Tunes V8's heap for a build or merge. Only the CLI calls this: its process is ours to tune, while
 * the library leaves the V8 of its host alone.
 * - `--heap-growing-percent=10`: the heap grows 10% past its live size between full collections
 *   instead of several times it. A build makes short-lived objects per route (a Request and a
 *   Response each), and by default some 180 MB of RSS at 100,000 routes is garbage waiting for a
 *   collection; at 10% it is collected sooner, at no measured cost in time (bench/RESULTS.md).
 * - `--semi-space-growth-factor=1`: the young generation keeps its starting size instead of growing
 *   to 2 x 16 MB while the config's route list is made (V8 reads this flag each time it would grow,
 *   unlike `--max-semi-space-size`, which only a starting node reads).
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=10');
  setFlagsFromString('--semi-space-growth-factor=1');
}
