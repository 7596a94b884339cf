import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * The compiled module `lib/src/<path>.js` (`loadLibrary('pipeline/build')`), loaded with `require()`:
 * one file open at a time, as the bin loads the CLI (see prerender.ts), where `import()` would open
 * every file of the command's code at once. A command loads its code when it runs, so that `--help`
 * and `--version` load none of it.
 */
export function loadLibrary<T>(path: string): T {
  return load(`../src/${path}.js`) as T;
}
