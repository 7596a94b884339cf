import type { Logger } from '../log.ts';

/** The part of Vite's logger we print through. */
export interface ViteLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Our messages in Vite's terminal, through Vite's logger (its log level and `customLogger` apply),
 * marked as ours, and warnings and errors labelled as the CLI labels them: Vite tells them apart by
 * colour alone, which a CI log does not keep. Progress prints as plain lines: Vite owns the screen.
 */
export function fromViteLogger(vite: ViteLogger): Logger {
  const mark = (message: string) => `[api-prerender] ${message}`;
  return {
    isTTY: false,
    info: (message) => vite.info(mark(message)),
    warn: (message) => vite.warn(mark(`warning ${message}`)),
    error: (message) => vite.error(mark(`error ${message}`)),
    progress: (message) => vite.info(mark(message)),
  };
}
