/**
 * Errors across the toolchain worker's boundary. A thrown value arrives as plain data; this rebuilds
 * it as the same PrerenderError (code, message, hint, loc, frame, details), so messages and exit
 * codes do not depend on which thread the error happened in.
 */
import { errorData, type ErrorData } from './error-data.ts';
import { PrerenderError, type ErrorCode, type SourceLocation } from '../errors.ts';

/** An error as the worker posts it. */
export type ThreadError =
  | { kind: 'prerender'; code: ErrorCode; message: string; hint?: string; loc?: SourceLocation; frame?: string; details?: unknown; stack?: string }
  | ErrorData
  | { kind: 'value'; value: string };

/** `error` as plain, cloneable data. */
export function toThreadError(error: unknown): ThreadError {
  if (error instanceof PrerenderError) {
    const { code, message, hint, loc, frame, details, stack } = error;
    return { kind: 'prerender', code, message, hint, loc, frame, details, stack };
  }
  if (error instanceof Error) return errorData(error);
  return { kind: 'value', value: String(error) };
}

/** The error a {@link ThreadError} describes, rebuilt on this side. */
export function fromThreadError(data: ThreadError): unknown {
  if (data.kind === 'value') return data.value;
  if (data.kind === 'prerender') {
    const { code, message, hint, loc, frame, details } = data;
    const error = new PrerenderError(code, message, { hint, loc, frame, details });
    if (data.stack) error.stack = data.stack;
    return error;
  }
  const error: NodeJS.ErrnoException = new Error(data.message);
  error.name = data.name;
  if (data.code) error.code = data.code;
  if (data.syscall) error.syscall = data.syscall;
  if (data.path) error.path = data.path;
  if (data.stack) error.stack = data.stack;
  return error;
}
