import { messageOf, PrerenderError } from '../src/errors.ts';
import type { Logger } from '../src/log.ts';
import type { Warning } from '../src/warnings.ts';

/**
 * Keeps stdout for the one JSON report of `--json`: from now on, whatever else the process writes
 * there (a route module's `console.log` while it loads or handles a request, a worker thread's
 * output) goes to stderr. Returns the way to write to the real stdout, resolving once written. A
 * write that fails (what reads stdout ended first: `| head -c 100`) is a warning on `logger`: the
 * reader took what it wanted, and the exit code stays the command's (under `set -o pipefail`, a
 * reader that failed fails the pipeline itself).
 */
export function reserveStdout(logger: Logger): (text: string) => Promise<void> {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  // The write's callback has the error; the stream's event of it is left to the bin (closed-output.ts).
  return (text) =>
    new Promise((done) =>
      write(text, (error) => {
        if (error) logger.warn(`The JSON report (--json) was not written whole: ${(error as NodeJS.ErrnoException).code === 'EPIPE' ? 'the program reading stdout ended first (EPIPE)' : messageOf(error)}. The exit code is the command's, as the lines above say.`);
        done();
      }),
    );
}

/**
 * What `--json` prints when a command fails, so that stdout always holds exactly one JSON object: the
 * error (with its BROKEN_LINK warnings as `links` when links failed the build, and each mistake as
 * `mistakes` when it says several: the config's keys, the routes it lists, the route files' names),
 * and `published: false` whatever failed, so that a CI job tests one field. When routes failed
 * (ROUTES_FAILED), the report of the build too, its counts and `failures`: without `published`, it
 * read as the report of a published build with failed routes left out (`--no-fail-on-error`).
 * `warnings` are every warning the command printed (the type check's among them: they often explain
 * the failure), listed as a report lists them; none when it stopped before it could warn.
 */
export function jsonOfError(error: unknown, warnings?: Warning[]): object {
  // Always there, empty when the command stopped before it could warn (a usage error): a CI job
  // reads one shape whatever failed.
  const listed = { warnings: [...(warnings ?? [])] };
  if (error instanceof PrerenderError) {
    // The system's own code (ENOSPC, EACCES) tells a CI job whether trying again can help.
    const errno = (error.cause as NodeJS.ErrnoException | undefined)?.code;
    const links = error.code === 'BROKEN_LINKS' ? error.details : undefined;
    // Each mistake of several said as one error (errors/mistakes.ts): a message and a hint each.
    const mistakes = error.code !== 'BROKEN_LINKS' && Array.isArray(error.details) ? error.details : undefined;
    // The stack of the site's code that failed, which the hint may point at, as the log shows it.
    const stack = error.causeStack();
    const described = { error: { code: error.code, message: error.message, hint: error.hint, loc: error.loc, errno: typeof errno === 'string' ? errno : undefined, stack, links, mistakes } };
    if (error.code === 'ROUTES_FAILED' && error.details) return { ...described, published: false, ...error.details, ...listed };
    return { ...described, published: false, ...listed };
  }
  return { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }, published: false, ...listed };
}

/** What `--json` prints of a build or merge that published its output: its report, saying so as a failed build's says it did not. */
export function jsonOfReport(report: object): object {
  return { published: true, ...report };
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
  return flagGiven(argv.slice(2), '--json');
}

/** Whether `flag` is in the command line's arguments `args` (no node, no script) before any `--`. */
export function flagGiven(args: readonly string[], flag: string): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes(flag);
}
