/**
 * One type check: `tsc -p <check tsconfig> --pretty false` in the site's folder, for every TypeScript
 * (find-tsc.ts): TypeScript 7's native compiler itself (native-tsc.ts), else `node <bin>`; and its
 * output read as diagnostic lines (diagnostic-line.ts).
 *
 * A process of its own: `tsc` is the one interface TypeScript 5, 6 and 7 share (7 has no compiler
 * API), and the process runs on the other core while this one bundles and prerenders, so a small
 * build does not wait for it. Its memory is its own, given back when it ends: sample-site checked by
 * TypeScript 7's native compiler takes 82 MB and 0.2 s, by TypeScript 5.4 or 6.0 159-166 MB and
 * 1.2-1.3 s of CPU (with the flags below), never in the build process's heap under the prerender.
 */
import { spawn } from 'node:child_process';
import { openFileLimits } from '../file-limit.ts';
import { parseTscOutput } from './diagnostic-line.ts';
import { removeCheckConfig, removeLeftoverConfigs, writeCheckConfig, type TypeCheckTask } from './check-config.ts';
import { majorOf, type Tsc } from './find-tsc.ts';

/**
 * V8 flags of the `node` running `tsc`: no helper threads, and a young generation that stays small.
 * Peak RSS of TypeScript 6 checking the bench's catalogue: 193 MB without them, 159 MB with them;
 * sample-site, TypeScript 5.4 and 6.0: 198-204 MB without, 159-166 MB with, the same CPU time.
 * TypeScript 7's script only starts its native compiler (73-81 MB, which they do not touch).
 */
const v8Flags = ['--single-threaded', '--max-semi-space-size=1'];

/** tsc's exit codes when it has checked: no errors, errors (outputs skipped or not), an invalid project. */
const checkedExitCodes = new Set([0, 1, 2, 3]);

/**
 * Type-checks `task.files` with `tsc` and returns each diagnostic as a line with its code, and the
 * files it read (absolute: `--listFiles`, which the cache keys a kept verdict by). Throws when it could not check
 * (it cannot start, or ends without a verdict), or when `signal` stopped it; its tsconfig is gone
 * either way.
 */
export async function runTsc(tsc: Tsc, task: TypeCheckTask, signal: AbortSignal): Promise<{ diagnostics: string[]; codes: number[]; files: string[] }> {
  if (task.files.length === 0) return { diagnostics: [], codes: [], files: [] };
  const config = writeCheckConfig(task, majorOf(tsc.version));
  try {
    const args = ['-p', config, '--pretty', 'false', '--listFiles', ...fileLimitFlags(tsc)];
    const ran = tsc.native ? runProgram(tsc.native, args, task.root, signal) : runProgram(process.execPath, [...v8Flags, tsc.bin, ...args], task.root, signal);
    // Once the check runs: started sooner, it is done sooner beside the bundler's process.
    await removeLeftoverConfigs(task.root);
    const { code, stdout, stderr, error } = await ran;
    signal.throwIfAborted();
    // It could not start (out of file descriptors: EMFILE): that error, which says so.
    if (error) throw error;
    const { diagnostics, codes, files } = parseTscOutput(stdout, task.root);
    if (code === null || !checkedExitCodes.has(code) || (code !== 0 && diagnostics.length === 0)) {
      throw new Error(`\`tsc\` (${tsc.native ?? tsc.bin}) ended with ${code === null ? 'a signal' : `exit code ${code}`}: ${(stderr || stdout).trim() || 'no output'}`);
    }
    return { diagnostics, codes, files };
  } finally {
    await removeCheckConfig(config);
  }
}

/**
 * Below this many open files (the hard limit: Go programs raise theirs to it), TypeScript 7 checks on
 * one thread. On many it reads files at once, and one it could not open (EMFILE) it takes for
 * missing: a library file so lost makes TS2318 errors, a route file a check of nothing. Measured,
 * 300 files under `ulimit -n 23` (Node 22): the default library lost in 2 runs of 15, never on one thread.
 */
const fewOpenFiles = 1024;

/** `--singleThreaded` for TypeScript 7 where this process may open few files (see {@link fewOpenFiles}). */
function fileLimitFlags(tsc: Tsc): string[] {
  const hard = openFileLimits()?.hard;
  return majorOf(tsc.version) >= 7 && hard !== undefined && hard < fewOpenFiles ? ['--singleThreaded'] : [];
}

/**
 * Runs `program ...args` and collects its output. Its own process group (POSIX), ended whole when
 * `signal` aborts: TypeScript 7's `tsc` script, run when its native compiler was not found, starts the
 * compiler on Node before 22.15 as a child of its own, which ending the script alone would leave running.
 */
function runProgram(program: string, args: string[], cwd: string, signal: AbortSignal) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; error?: Error }>((resolve) => {
    const group = process.platform !== 'win32';
    const child = spawn(program, args, { cwd, detached: group, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    // A process that could not start (out of file descriptors: EMFILE) has no pipes, only its 'error'.
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const stop = () => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // It has ended meanwhile.
      }
    };
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      signal.removeEventListener('abort', stop);
      resolve({ code: null, stdout, stderr, error });
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', stop);
      resolve({ code, stdout, stderr });
    });
  });
}
