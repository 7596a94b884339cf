/**
 * An error that is not a PrerenderError, as plain data a process can post (thread-error.ts). On its
 * own, importing nothing: the toolchain process reports with it that it could not load its code.
 */

/** A plain error as posted: a system error's code (EMFILE, ENOSPC), call and path say what failed where the message is only words. */
export interface ErrorData {
  kind: 'error';
  name: string;
  message: string;
  stack?: string;
  code?: string;
  syscall?: string;
  path?: string;
}

/** `error` as {@link ErrorData}. */
export function errorData(error: Error): ErrorData {
  const { code, syscall, path } = error as NodeJS.ErrnoException;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { kind: 'error', name: error.name, message: error.message, stack: error.stack, code: text(code), syscall: text(syscall), path: text(path) };
}
