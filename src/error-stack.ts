/** How an error thrown by the site's own code is printed: its stack, then each of its causes. */

/**
 * The stack of `error` and of each error in its `cause` chain, each after `Caused by:`, without the
 * frames of Node's internals and, from Node's module loader down, without any: below a module that
 * threw while it loaded are only the loader and the tool that imported it, never the site's code.
 */
export function stackWithCauses(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null && !seen.has(current) && parts.length < 10; current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const text = current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current);
    const lines = text.split('\n');
    const loader = lines.findIndex((line) => /^\s+at (.* \()?node:internal\/modules\//.test(line));
    const own = (loader === -1 ? lines : lines.slice(0, loader)).filter((line) => !/^\s+at (.* \()?node:internal\//.test(line));
    parts.push((parts.length === 0 ? '' : 'Caused by: ') + own.join('\n'));
    if (!(current instanceof Error)) break;
  }
  return parts.join('\n');
}
