/**
 * Node's source maps, switched on while `work` runs when the process has them off: stack traces of the
 * site's code (a handler that throws while the prerender runs it) then name its route files and lines
 * through the bundle's source map in any host process, not only the CLI, which switches them on for
 * good: Vite's, or a script calling build(). Switched off again once the last such work is over, as
 * the host had them.
 */
let holders = 0;

export async function withSourceMaps<T>(work: () => Promise<T>): Promise<T> {
  if (process.sourceMapsEnabled && holders === 0) return work();
  holders++;
  process.setSourceMapsEnabled(true);
  try {
    return await work();
  } finally {
    if (--holders === 0) process.setSourceMapsEnabled(false);
  }
}
