/**
 * What the command does when the program reading its stdout or stderr ends first
 * (`prerender build 2>&1 | head -1`): its writes then fail (EPIPE), and a stream's failed write is an
 * 'error' event, which unhandled ends the process in Node's words, or, while a build guards the
 * site's faults (site-faults.ts), is said on the same closed stream again, forever. The command goes
 * on, unheard, and its exit code says how it ended; `--json`'s report, the one write a reader waits
 * for, says its own failure (json-output.ts).
 */
export function goOnWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
