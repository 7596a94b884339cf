/** "Did you mean ...?" for a relative import that names no file: one named within a slip of the keyboard. */
import { readdirSync } from 'node:fs';
import { dirname, extname, posix, resolve } from 'node:path';
import { closestName } from '../closest-name.ts';

/**
 * The import `source` (relative to the file `importer`) may have meant: the file of the folder it
 * points into whose name is closest to the one it names, spelt as the import spells it (with its
 * extension, or without when the import has none).
 * @example fileNear('../lib/post.ts', '/site/src/routes/a.ts') // '../lib/posts.ts', when src/lib/posts.ts exists
 */
export function fileNear(source: string, importer: string): string | undefined {
  const name = posix.basename(source);
  let files: string[];
  try {
    files = readdirSync(resolve(dirname(importer), posix.dirname(source)), { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
  } catch {
    return undefined;
  }
  const spelt = (file: string) => (extname(name) ? file : file.slice(0, file.length - extname(file).length));
  const meant = closestName(name, files, spelt);
  return meant === undefined ? undefined : posix.join(posix.dirname(source), spelt(meant)).replace(/^(?!\.)/, './');
}

/**
 * The path `new URL(path, import.meta.url)` in `importer` may have meant, where it names nothing: the
 * entry of the folder it points into whose name is closest, a folder where `path` ends in `/`.
 * @example entryNear('../contnet/', '/site/src/lib/posts.ts') // '../content/', when src/content/ exists
 */
export function entryNear(path: string, importer: string): string | undefined {
  const folder = path.endsWith('/');
  const name = posix.basename(path);
  let entries: string[];
  try {
    entries = readdirSync(resolve(dirname(importer), posix.dirname(path)), { withFileTypes: true })
      .filter((entry) => (folder ? entry.isDirectory() : entry.isFile()) && !entry.name.startsWith('.'))
      .map((entry) => entry.name);
  } catch {
    return undefined;
  }
  const meant = closestName(name, entries);
  return meant === undefined ? undefined : posix.join(posix.dirname(path), meant) + (folder ? '/' : '');
}
