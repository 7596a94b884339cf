/**
 * Running out of file descriptors (EMFILE: this process's `ulimit -n`; ENFILE: the whole system's), as
 * one catalogue error naming what the build was doing, wherever in the build it happens.
 */
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, PrerenderError } from './errors.ts';

/** The EMFILE or ENFILE error in `error`'s cause chain, if the process ran out of file descriptors. */
export function fileLimitOf(error: unknown): NodeJS.ErrnoException | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'EMFILE' || code === 'ENFILE') return current as NodeJS.ErrnoException;
    const named = typeof code === 'string' ? wordedByNode[code]?.(current.message) ?? unreadPackageOf(current) : undefined;
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
 * A module Node's resolver reported missing (ERR_MODULE_NOT_FOUND, naming the file as `url`) in a
 * package whose package.json maps its subpaths with `exports`: the resolver only looks for the bare path
 * (`node_modules/srvx/node`) when it found no package.json there, and Node 22's resolver finds none
 * when it cannot open the file for lack of descriptors. The package.json, readable now, says it exists;
 * one that still cannot be opened for that reason says so itself.
 */
function unreadPackageOf(error: Error & { url?: unknown }): Partial<NodeJS.ErrnoException> | undefined {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND' || typeof error.url !== 'string' || !error.url.startsWith('file:')) return undefined;
  const parts = fileURLToPath(error.url).split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const packageJson = join(parts.slice(0, at + (parts[at + 1]?.startsWith('@') ? 3 : 2)).join(sep), 'package.json');
  try {
    const exported = (JSON.parse(readFileSync(packageJson, 'utf8')) as { exports?: unknown }).exports !== undefined;
    return exported ? { code: 'EMFILE', syscall: 'open', path: packageJson } : undefined;
  } catch (unread) {
    // Still out of descriptors now: that is the answer too.
    const code = (unread as NodeJS.ErrnoException).code;
    return code === 'EMFILE' || code === 'ENFILE' ? { code, syscall: 'open', path: packageJson } : undefined;
  }
}

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
