/**
 * The toolchain process of `prerender build`: compiles a TypeScript config and bundles the routes
 * with Rollup and TypeScript (transpiling only). Why a process of its own: when it exits, the memory
 * of Rollup and TypeScript goes back to the system before the prerender, which is what a large site's
 * peak is made of. Measured on the bench's catalogue at 100,000 routes (`prerender build`, type check
 * on, peak RSS of the process tree, three paired rounds, Node 20): 233-235 MB with this process,
 * 254-262 MB with the same bundling in the build's own process. It costs at a small site's scale:
 * 217 MB against 176 MB at 0 routes, the same CPU time (1.4-1.7 s). A thread would not give the
 * memory back (~140 MB kept under the whole prerender, bench/RESULTS.md).
 * It takes one {@link ToolchainTask} at a time and answers with a {@link ToolchainReply}; warnings
 * go to the build's logger as messages.
 */
import { createRequire } from 'node:module';
import type { BundleFacts } from '../bundle/bundle-facts.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import { errorData } from './error-data.ts';
import type { ToolchainReply, ToolchainTask } from './toolchain.ts';

// Its code loads at once, to be ready by the time the build asks, and with `require()`: one file
// open at a time, where `import()` opens every file of a graph at once. Out of file descriptors, the
// failure to load is the answer to every task (the build names the limit), not a stack printed here
// and an exit code; error-data.ts, importing nothing, is what can still say so.
const load = createRequire(import.meta.url);
let work: typeof import('../bundle/bundle-server.ts') & typeof import('../bundle/compile-config.ts') & typeof import('../cache/rollup-cache.ts') & typeof import('./thread-error.ts');
let loadFailure: unknown;
try {
  work = {
    ...(load('./thread-error.js') as typeof import('./thread-error.ts')),
    ...(load('../bundle/bundle-server.js') as typeof import('../bundle/bundle-server.ts')),
    ...(load('../bundle/compile-config.js') as typeof import('../bundle/compile-config.ts')),
    ...(load('../cache/rollup-cache.js') as typeof import('../cache/rollup-cache.ts')),
  };
} catch (error) {
  loadFailure = error;
}

// A parent gone meanwhile (it exited mid-build) cannot be told anything: without the callback, the
// failed send would be an 'error' event, printed as a crash onto the terminal the two share.
const post = (reply: ToolchainReply) => void (process.connected && process.send!(reply, undefined, undefined, () => {}));

/**
 * A full collection, where a process for one build has it (toolchain-pool.ts) and the build holds a
 * long route list (`memory: 'lean'`): between Rollup's two phases, what parsing and tree-shaking left is
 * freed before rendering the output adds its own. The process's peak at 100,000 routes (0-route site,
 * three runs each): 129-133 MB with it, 140-146 MB without. The two collections take some 90 ms.
 */
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const logger: Logger = {
  isTTY: false,
  info: (message) => post({ log: 'info', message }),
  warn: (message, code) => post({ log: 'warn', message, code }),
  error: (message) => post({ log: 'error', message }),
  progress: (message) => post({ log: 'progress', message }),
};

process.on('message', async (task: ToolchainTask) => {
  // Read once the task before it is over: a bundle's answer and Rollup's cache are written.
  if (task.type === 'end') process.exit(0);
  if (loadFailure !== undefined) return post({ failed: loadFailure instanceof Error ? errorData(loadFailure) : { kind: 'value', value: String(loadFailure) } });
  try {
    if (task.type === 'compile-config') {
      post({ done: await work.compileConfig(task.file) });
    } else {
      // Bundling reads only these fields of the config; the rest (the route list) stays on the main side.
      const config = task.site as ResolvedConfig;
      // What the cache needs to know of the bundle goes back with the answer (bundle-facts.ts).
      const { rollupCache } = task;
      const collect = task.memory === 'lean' ? collectGarbage : undefined;
      let facts: BundleFacts | undefined;
      const from = rollupCache && (work.readRollupCache(rollupCache, config.root) ?? true);
      const bundled = await work.bundleServer({ config, logger, routes: task.routes, onFacts: (found) => (facts = found) }, task.outFile, from, collect);
      const keep = rollupCache && bundled.cache && (() => work.writeRollupCache(rollupCache, config.root, bundled.cache!()));
      if (!keep) return post({ done: facts });
      // Before the answer when the build runs nothing beside this process after it (it ends this
      // process then, for memory). After a collection (lean): its serialisation then takes the room
      // the bundle's rendering left (114-117 MB at the process's peak, 123 MB without, three runs each).
      if (task.memory) {
        collect?.();
        keep();
        return post({ done: facts });
      }
      // Else after it: the build goes on to its prerender while Rollup makes its cache here, and
      // waits for `written` before it ends or reuses this process.
      post({ done: facts, writing: true });
      try {
        keep();
      } finally {
        post({ written: true });
      }
    }
  } catch (error) {
    post({ failed: work.toThreadError(error) });
  }
});
// The build ends this process; without its parent (killed), it ends itself.
process.on('disconnect', () => process.exit(0));
