import { PrerenderError } from '../src/errors.ts';
import type { Warning } from '../src/warnings.ts';

/**
 * Keeps stdout for the one JSON report of `--json`: from now on, whatever else the process writes
 * there (a route module's `console.log` while it loads or handles a request, a worker thread's
 * output) goes to stderr. Returns the way to write to the real stdout, resolving once written.
 */
export function reserveStdout(): (text: string) => Promise<void> {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return (text) => new Promise((done) => write(text, () => done()));
}

/**
 * What `--json` prints when a command fails: the report when routes failed, else the error (with its
 * BROKEN_LINK warnings as `links` when links failed the build), so that stdout always holds exactly
 * one JSON object. `warnings`, when given, are every warning the command printed (the type check's
 * among them: they often explain the failure), listed as a report lists them.
 */
export function jsonOfError(error: unknown, warnings?: Warning[]): object {
  const listed = warnings && { warnings: [...warnings] };
  if (error instanceof PrerenderError) {
    if (error.code === 'ROUTES_FAILED' && error.details) return { ...error.details, ...listed };
    // The system's own code (ENOSPC, EACCES) tells a CI job whether trying again can help.
    const errno = (error.cause as NodeJS.ErrnoException | undefined)?.code;
    const links = error.code === 'BROKEN_LINKS' ? error.details : undefined;
    return { error: { code: error.code, message: error.message, hint: error.hint, loc: error.loc, errno: typeof errno === 'string' ? errno : undefined, links }, ...listed };
  }
  return { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }, ...listed };
}

/** `value` as the indented JSON `--json` prints, with a final newline. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/**
 * Whether the command line asks for `--json` (before any `--`), whether or not the command takes it:
 * a usage error is then printed as JSON too, so that every `--json` run prints one JSON object.
 */
export function asksForJson(argv: string[]): boolean {
  const args = argv.slice(2);
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}
