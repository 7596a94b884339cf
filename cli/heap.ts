import { setFlagsFromString } from 'node:v8';
import { onceStepDone } from '../src/pipeline/step-channel.ts';

/**
 * Tunes V8's heap for a build or merge. Only the CLI calls this: its process is ours to tune, while
 * the library leaves the V8 of its host alone.
 * - `--heap-growing-percent=10`: the heap grows 10% past its live size between full collections
 *   instead of several times it. A build makes short-lived objects per route (a Request and a
 *   Response each), and by default some 180 MB of RSS at 100,000 routes is garbage waiting for a
 *   collection; at 10% it is collected sooner, at no measured cost in time (bench/RESULTS.md).
 * - `--semi-space-growth-factor=1`: the young generation keeps its starting size instead of growing
 *   to 2 x 16 MB while the config's route list is made, and stays so while the toolchain process
 *   bundles beside this one: the process tree's peak, 100,000 routes, 199 MB instead of 231 (V8
 *   reads this flag each time it would grow, unlike `--max-semi-space-size`, which only a starting
 *   node reads). V8 sets it back to 2 when it sets up a worker thread's heap, the writer thread's as
 *   the prerender starts, and it stays so on purpose: kept small through the prerender, the young
 *   generation was collected six times as often and each route's objects reached the old
 *   generation: a million routes took 110 s instead of 39 s, for 366 MB of peak RSS instead of
 *   390-398 (bench/RESULTS.md, memory by route shape).
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=10');
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Turns TurboFan (`--opt`), V8's optimizing compiler, off: the bin's first call, before it loads the
 * CLI. Optimizing pages its code in from Node's binary, some 5-6 MB resident for the rest of the
 * process, and what got optimized before (the CLI's modules as they load, the config's route list
 * as it is checked) did so while the toolchain process bundled beside this one: that pair is the
 * process tree's peak for a long route list. 100,000 routes, Node 22: 205-210 MB, 200 with it off
 * until the bundle is made. A build turns it on once bundling is over
 * ({@link optimizeAfterBundling}), every other command as it starts ({@link resumeOptimizing}).
 */
export function deferOptimizing(): void {
  setFlagsFromString('--no-opt');
}

/** TurboFan on again (see {@link deferOptimizing}). */
export function resumeOptimizing(): void {
  setFlagsFromString('--opt');
}

/** TurboFan on once a build in this process has bundled (pipeline/step-channel.ts): its prerender runs optimized. */
export function optimizeAfterBundling(): void {
  onceStepDone('bundle', resumeOptimizing);
}
