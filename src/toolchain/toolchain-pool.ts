/**
 * The toolchain processes of this process's builds. Starting one costs most of a small build's CPU
 * (Node, then Rollup and TypeScript loaded and compiled, about a second on these machines), so a
 * process a build gives back in good order stays warm, unreferenced, for the next build of the same
 * process: a script that calls `build()` for several sites pays it once. Measured with a script
 * building sample-site four times in one process (`typecheck: false`, three runs, Node 20): the
 * second to fourth builds took 0.41-0.77 s with a warm process, 0.90-1.74 s with a new one each.
 * The test suite keeps them warm for its whole run (test/support/setup/warm-toolchains.ts). The CLI runs one
 * build per process and turns this off, so its toolchain's memory goes back to the system as soon as
 * the bundle is written (see toolchain.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { libDir } from '../paths.ts';

/**
 * V8 flags of a process. A process for one build (the CLI's) gets a small young generation: ~25 MB
 * less at its peak for a few percent more time. A process kept warm does not: its heap grows with the
 * builds it serves, and a tiny young generation then makes every collection scan that heap (bundles
 * took 1.6x as long, measured when warm processes also type-checked). V8 keeps its helper threads:
 * without them (`--single-threaded`) Rollup's code is optimized on the thread that bundles, and a
 * cold build of a one-file site took 1.25x as long (1.51 s against 1.21 s, paired, 10 runs). Nor
 * does a process for one build optimize code (`--no-opt`): it runs Rollup over the site once, too
 * briefly for optimized code to pay for the compiler's memory, 9 MB of its peak as it bundles beside
 * a 100,000-route build (three runs each, Node 20 and 22). Paired, 5-10 runs: a one-file site cold
 * 0.98x the wall time, a 1,000-file site 0.99x (0.82x the CPU time). No inherited flags: some
 * (--input-type, profilers, preloads) break or slow it.
 */
const execArgv = (warm: boolean) => (warm ? [] : ['--max-semi-space-size=1', '--expose-gc', '--no-opt']);

/**
 * One thread in libuv's pool, which only reads and writes the site's files here (Rollup reads a module
 * at a time as it resolves them), and one malloc arena for all threads: glibc gives each thread that
 * allocates an arena of its own, and V8's helper threads then cost the process 5 MB at its peak
 * instead of 2 (a 100,000-route build's toolchain, 6 runs each).
 */
const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, UV_THREADPOOL_SIZE: '1', MALLOC_ARENA_MAX: '1' });

/** At most this many processes wait: a build uses one (the type check runs `tsc`, not a toolchain process). */
const maxIdle = 1;

let keepWarmMs = 5_000;
const idle = new Map<ChildProcess, NodeJS.Timeout>();

/**
 * How long a toolchain process a build gave back waits for the next build before it ends; 0 ends it
 * at once (the CLI). @default 5000
 */
export function keepToolchainsWarm(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`keepToolchainsWarm takes milliseconds, 0 or more; got ${ms}.`);
  keepWarmMs = ms;
  if (ms === 0) for (const child of [...idle.keys()]) end(child);
}

/**
 * Starts a toolchain process now, before any build asks for one, for the next build to take: the
 * CLI starts it as it loads the build's own code, when the site has no cache its bundle could come
 * from, so that Node and Rollup load on the other core meanwhile (the code takes 0.2-0.25 s to load
 * on this project's machines). Not taken within {@link aheadMs}, it ends; it never keeps this
 * process alive.
 */
export function startToolchainAhead(): void {
  if (idle.size >= maxIdle) return;
  const child = forkToolchain(keepWarmMs > 0);
  child.unref();
  child.channel?.unref();
  const timer = setTimeout(() => end(child), aheadMs);
  timer.unref();
  idle.set(child, timer);
}

/** How long a process started ahead waits for its build. */
const aheadMs = 60_000;

/** A toolchain process for one build's use: a warm one if there is one, else a new one. */
export function takeToolchainProcess(): ChildProcess {
  for (const [child, timer] of idle) {
    idle.delete(child);
    clearTimeout(timer);
    if (!isUsable(child)) continue;
    child.ref();
    child.channel?.ref();
    return child;
  }
  return forkToolchain(keepWarmMs > 0);
}

/** A new toolchain process, with the flags of one kept warm for several builds or of one for a single build. */
function forkToolchain(warm: boolean): ChildProcess {
  // Always the compiled file, as with the runtime that goes into bundles: see paths.ts. Its own
  // process group (POSIX): Ctrl-C in a terminal signals the whole foreground group, and a toolchain
  // killed by it before the build heard it failed the build's next message (EPIPE, reported as the
  // config's error). The build ends it on a signal; it exits when the build's channel closes.
  const child = fork(join(libDir, 'toolchain', 'toolchain-process.js'), [], {
    execArgv: execArgv(warm),
    env: childEnv(),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: process.platform !== 'win32',
  });
  // The build using it listens for its errors; one coming after that build let it go (a spawn that
  // failed is reported on a later tick, when the build may have failed and closed it already) is
  // nobody's, and must not end this process as an unhandled 'error' event.
  child.on('error', () => {});
  return child;
}

/**
 * Takes back a process whose build has no task left in it: it waits, not keeping this process
 * alive, or ends when warm processes are off or enough of them wait already (resolves once it has
 * exited: a CLI that exits next leaves no process of its own behind).
 */
export async function giveBackToolchainProcess(child: ChildProcess): Promise<void> {
  if (!isUsable(child) || !keptWhenGivenBack()) return endToolchainProcess(child);
  child.unref();
  child.channel?.unref();
  const timer = setTimeout(() => end(child), keepWarmMs);
  timer.unref();
  idle.set(child, timer);
}

/** Whether a process given back now would wait for the next build: warm processes are on, and not enough wait already. */
export const keptWhenGivenBack = (): boolean => keepWarmMs > 0 && idle.size < maxIdle;

/** Ends `child` (at once: it has nothing to finish) and resolves when it has exited. */
export function endToolchainProcess(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  // A process that could not start (out of file descriptors) never emits 'exit', only 'error'.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()).once('error', () => resolve()));
  end(child);
  return exited;
}

/**
 * Ends the processes waiting for a build (one started ahead for a build that was interrupted before it
 * took it), and resolves once they have exited: the CLI leaves none behind when it exits. They are in
 * a process group of their own, which Ctrl-C does not reach.
 */
export function endIdleToolchains(): Promise<void> {
  return Promise.all([...idle.keys()].map(endToolchainProcess)).then(() => {});
}

/** The process ids of the processes waiting for a build, oldest first. */
export function idleToolchainPids(): number[] {
  return [...idle.keys()].map((child) => child.pid!);
}

function end(child: ChildProcess): void {
  clearTimeout(idle.get(child));
  idle.delete(child);
  if (isRunning(child)) child.kill();
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const isUsable = (child: ChildProcess) => isRunning(child) && child.connected;
