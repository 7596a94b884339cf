/**
 * What to add to a "no such file" error of a relative path (`readFile('data/items.json')`): it was
 * looked for from the working folder, which the build may run in another than the site's
 * (`prerender build catalog` from above), where a file named from its module is found wherever.
 */
import { isAbsolute } from 'node:path';

/** The addition for `error`, or `''` when it is no ENOENT of a relative path. */
export function relativeMiss(error: unknown): string {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (code !== 'ENOENT' || typeof path !== 'string' || isAbsolute(path)) return '';
  return ` ("${path}" is looked for from the working folder, ${process.cwd()}: name it from the module instead, new URL('...', import.meta.url))`;
}
