/**
 * The logger passed to every step (never a global). It writes to stderr, so that `--json`
 * keeps stdout for the report alone, and uses colour only on a terminal without NO_COLOR.
 */

import type { Warning, WarningCode } from './warnings.ts';

/** What the build and the servers print through. */
export interface Logger {
  info(message: string): void;
  /**
   * `code` is the warning's in the catalogue (src/warnings.ts); the build report lists it, as the
   * whole `warning` when given (its `route` and other fields too).
   */
  warn(message: string, code?: WarningCode, warning?: Warning): void;
  error(message: string): void;
  /** Replace the current progress line on a terminal; elsewhere print it as a line. */
  progress(message: string): void;
  /** True when progress can redraw one line in place. */
  readonly isTTY: boolean;
}

/** Options for {@link createLogger}. */
export interface LoggerOptions {
  /** Where lines go: any stream with `write` (only strings are written), a terminal when `isTTY`. @default process.stderr */
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** Print nothing but warnings and errors. @default false */
  quiet?: boolean;
}

/** A logger writing to `stream`, with colours only where they can be seen. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const stream = options.stream ?? process.stderr;
  const isTTY = Boolean(stream.isTTY);
  const color = isTTY && !process.env.NO_COLOR;
  const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  let progressShown = false;

  const write = (line: string) => {
    if (progressShown) {
      stream.write('\r\x1b[K');
      progressShown = false;
    }
    stream.write(line + '\n');
  };

  return {
    isTTY,
    info: (message) => options.quiet || write(message),
    warn: (message) => write(`${paint(33, 'warning')} ${message}`),
    error: (message) => write(`${paint(31, 'error')} ${message}`),
    progress(message) {
      if (options.quiet) return;
      if (!isTTY) return write(message);
      stream.write(`\r\x1b[K${message}`);
      progressShown = true;
    },
  };
}

/** A logger that keeps every line in memory, for tests and for embedding. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    isTTY: false,
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(`warning ${m}`),
    error: (m) => void lines.push(`error ${m}`),
    progress: (m) => void lines.push(m),
  };
}

/** Prints a warning of the catalogue. */
export function warn(logger: Logger, warning: Warning): void {
  logger.warn(warning.message, warning.code, warning);
}

/**
 * `logger`, keeping every warning it prints in `warnings` too, for the build report. A warning
 * printed without a code is a `BUNDLE` warning: only Rollup's reach the logger without one.
 */
export function collectWarnings(logger: Logger): { logger: Logger; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const collecting: Logger = {
    isTTY: logger.isTTY,
    info: (message) => logger.info(message),
    warn: (message, code, warning) => {
      warnings.push(warning ?? { code: code ?? 'BUNDLE', message });
      logger.warn(message, code, warning);
    },
    error: (message) => logger.error(message),
    progress: (message) => logger.progress(message),
  };
  return { logger: collecting, warnings };
}
