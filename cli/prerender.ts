#!/usr/bin/env node
/**
 * The bin. It loads what reports an error first, a handful of modules, and only then the CLI
 * (main.ts), each with `require()` (Node 20.19 and later load ES modules so): one file open at a time.
 * `import()` reads every module of a graph at once, and the CLI's alone needed about 50 file
 * descriptors on Node 20 (measured: under `ulimit -n 50` it could not load itself), where `require()`
 * needs one. A module whose read failed stays failed for the process, so the reporter cannot be
 * loaded after: loaded before, it says which limit to raise (FILE_LIMIT).
 *
 * The paths are the compiled files': this module runs from lib/ only.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
// First, before the CLI's code loads and gets optimized: see heap.ts.
(load('./heap.js') as typeof import('./heap.ts')).deferOptimizing();
const { asFileLimit } = load('../src/file-limit.js') as typeof import('../src/file-limit.ts');
const { createLogger } = load('../src/log.js') as typeof import('../src/log.ts');
const { handleError } = load('./handle-error.js') as typeof import('./handle-error.ts');
const { interruptWhileLoading } = load('./interrupt.js') as typeof import('./interrupt.ts');
const { goOnWhenOutputCloses } = load('./closed-output.js') as typeof import('./closed-output.ts');

goOnWhenOutputCloses();
// Ctrl-C while the CLI loads and a command starts says so, until the command listens itself.
interruptWhileLoading(createLogger());
let main: typeof import('./main.ts') | undefined;
try {
  main = load('./main.js') as typeof import('./main.ts');
} catch (thrown) {
  process.exitCode = handleError(asFileLimit('loading api-prerender', thrown), createLogger());
}
await main?.runCli(process.argv);
