/**
 * Running out of file descriptors (EMFILE: this process's `ulimit -n`; ENFILE: the whole system's), as
 * one catalogue error naming what the build was doing, wherever in the build it happens.
 */
import { readFileSync } from 'node:fs';
import { errors, PrerenderError } from './errors.ts';

/** The EMFILE or ENFILE error in `error`'s cause chain, if the process ran out of file descriptors. */
export function fileLimitOf(error: unknown): NodeJS.ErrnoException | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'EMFILE' || code === 'ENFILE') return current as NodeJS.ErrnoException;
    const named = typeof code === 'string' ? wordedByNode[code]?.(current.message) : undefined;
    if (named) return Object.assign(new Error(current.message, { cause: current }), named);
  }
  return undefined;
}

/**
 * Node errors with no errno field, whose message is the one place that names the system's error: a
 * thread that cannot start ("Worker initialization failure: EMFILE"), and a package.json its module
 * loader cannot read ("Cannot read package config /x/package.json: too many open files.").
 */
const wordedByNode: Record<string, (message: string) => Partial<NodeJS.ErrnoException> | undefined> = {
  ERR_WORKER_INIT_FAILED: (message) => {
    const code = / (EMFILE|ENFILE)$/.exec(message)?.[1];
    return code ? { code, syscall: 'new Worker' } : undefined;
  },
  ERR_INVALID_PACKAGE_CONFIG: (message) => {
    const read = /^Cannot read package config (.+): too many open files( in system)?\.$/.exec(message);
    return read ? { code: read[2] ? 'ENFILE' : 'EMFILE', syscall: 'read', path: read[1] } : undefined;
  },
};

/**
 * `error` as a FILE_LIMIT error naming `operation` when the process ran out of file descriptors;
 * any other error (one already naming its operation too) as it is.
 * @example throw asFileLimit('copying publicDir', error)
 */
export function asFileLimit(operation: string, error: unknown): unknown {
  if (error instanceof PrerenderError && error.code === 'FILE_LIMIT') return error;
  const cause = fileLimitOf(error);
  return cause ? errors.fileLimit(operation, cause, cause.code === 'ENFILE' ? undefined : openFileLimits()?.soft) : error;
}

/** Runs `step`, turning running out of file descriptors into a FILE_LIMIT error naming `operation`. */
export async function whileDoing<T>(operation: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asFileLimit(operation, error);
  }
}

/**
 * How many files this process may open at once (`ulimit -n`, `soft`), and up to what it may raise
 * that itself (`hard`; Go programs such as TypeScript 7's compiler do), where the system says (Linux).
 */
export function openFileLimits(): { soft: number; hard: number } | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    const count = (value: string) => (value === 'unlimited' ? Infinity : Number(value));
    return line ? { soft: count(line[1]), hard: count(line[2]) } : undefined;
  } catch {
    return undefined;
  }
}
