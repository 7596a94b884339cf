/**
 * Runs before every test file: the toolchain processes that build() gives back stay warm for the
 * whole run of a worker, not the 5 s a script gets by default. Test files take turns in a worker
 * (isolate: false), often more than 5 s apart, and each new process costs Node, Rollup and
 * TypeScript loaded and compiled again. They end with the worker (toolchain-pool.ts).
 */
import { keepToolchainsWarm } from '../../../src/toolchain/toolchain-pool.ts';

/** How long a toolchain process waits for the next build of its test worker. */
export const suiteWarmMs = 600_000;

keepToolchainsWarm(suiteWarmMs);
