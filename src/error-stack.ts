/** How an error thrown by the site's own code is printed: its stack, then each of its causes. */
import { pathToFileURL } from 'node:url';

/** V8's frame of the `Promise.all` (or `allSettled`, ...) that awaited the failed call: a place of no file, the caller's. */
const combinatorFrame = /^\s+at (async )?Promise\.(all|allSettled|any|race) \(index \d+\)$/;

/**
 * The stack of `error` and of each error in its `cause` chain, each after `Caused by:`, without the
 * frames of Node's internals (and of a `Promise.all` awaiting the call) and, from Node's module loader down, without any: below a module that
 * threw while it loaded are only the loader and the tool that imported it, never the site's code.
 * With `ownCode` (a folder), without the frames of the code in it either: the tool's own, which
 * called the site's function that threw (a routes function, a config's).
 */
export function stackWithCauses(error: unknown, ownCode?: string): string {
  const own = ownCode === undefined ? undefined : [ownCode, pathToFileURL(ownCode).href];
  const isOwn = (line: string) => own !== undefined && /^\s+at /.test(line) && own.some((place) => line.includes(place));
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null && !seen.has(current) && parts.length < 10; current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const text = current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current);
    const lines = text.split('\n');
    const loader = lines.findIndex((line) => /^\s+at (.* \()?node:internal\/modules\//.test(line));
    const kept = (loader === -1 ? lines : lines.slice(0, loader)).filter((line) => !/^\s+at (.* \()?node:internal\//.test(line) && !combinatorFrame.test(line) && !isOwn(line));
    parts.push((parts.length === 0 ? '' : 'Caused by: ') + kept.join('\n'));
    if (!(current instanceof Error)) break;
  }
  return parts.join('\n');
}
