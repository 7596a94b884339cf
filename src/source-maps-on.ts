/**
 * Node's source maps, switched on while a build runs or a server serves a bundle, when the process
 * has them off: stack traces of the site's code (a handler that throws) then name its route files and
 * lines through the bundle's source map in any host process, not only the CLI, which switches them
 * on for good: Vite's, or a script calling build(). Switched off again once the last holder lets go,
 * as the host had them.
 */
let holders = 0;

/** Source maps on until the returned function is called (once is enough; more calls do nothing). */
export function holdSourceMaps(): () => void {
  if (process.sourceMapsEnabled && holders === 0) return () => {};
  holders++;
  process.setSourceMapsEnabled(true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) process.setSourceMapsEnabled(false);
  };
}

/** Source maps on while `work` runs ({@link holdSourceMaps}). */
export async function withSourceMaps<T>(work: () => Promise<T>): Promise<T> {
  const release = holdSourceMaps();
  try {
    return await work();
  } finally {
    release();
  }
}
