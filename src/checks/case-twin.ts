/**
 * A broken link's file spelt in another case (`/About.html` for `about.html`): a file system that
 * ignores case (macOS, Windows) serves it on the author's machine, a host on Linux answers 404. The
 * link check names it, so the warning says the fix.
 */
import { opendirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathSegments } from '../runtime/asset-id.ts';
import { fileCandidates } from '../runtime/file-candidates.ts';

/** Names read per folder at most, looking for one spelt alike: a folder of a million routes is not read whole for a hint. */
const namesRead = 10_000;

/**
 * The link, spelt as the file of `dir` it names but for case, when there is one: `/about.html` for
 * `/About.html`, `/docs` for `/Docs` (its `index.html`). Looked up as the static layer looks up a
 * path (fileCandidates), each segment matched exactly when it can be. On a file system that ignores
 * case that finds the link's own spelling, and so nothing.
 * @example caseTwin('dist/site/public', '/About.html') // '/about.html'
 */
export function caseTwin(dir: string, target: string): string | undefined {
  const segments = pathSegments(target);
  if (segments === undefined) return undefined;
  for (const candidate of fileCandidates(segments)) {
    const found = spelt(dir, candidate);
    // Spelt as the link spells it: a file system that ignores case found the link's own spelling.
    if (found === undefined || found.every((name, i) => name === candidate[i]) || !isFile(join(dir, ...found))) continue;
    // A folder's index.html is linked to by the folder's path, as the link named it.
    const folder = candidate.length > segments.filter(Boolean).length;
    return `/${(folder ? found.slice(0, -1) : found).join('/')}`;
  }
  return undefined;
}

/** `segments` as the names under `dir` spell them, matched exactly or else ignoring case. */
function spelt(dir: string, segments: readonly string[]): string[] | undefined {
  const names: string[] = [];
  let folder = dir;
  for (const segment of segments) {
    const name = exists(join(folder, segment)) ? segment : alike(folder, segment);
    if (name === undefined) return undefined;
    names.push(name);
    folder = join(folder, name);
  }
  return names;
}

/** The first name in `folder` equal to `name` but for case. */
function alike(folder: string, name: string): string | undefined {
  const wanted = name.toLowerCase();
  let dir;
  try {
    dir = opendirSync(folder);
  } catch {
    return undefined;
  }
  try {
    for (let read = 0, entry; read < namesRead && (entry = dir.readSync()) !== null; read++) {
      if (entry.name.toLowerCase() === wanted) return entry.name;
    }
    return undefined;
  } finally {
    dir.closeSync();
  }
}

/** What is at `path`, or `undefined` when nothing can be (missing, or under a file: ENOTDIR). */
function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
const exists = (path: string) => statOf(path) !== undefined;
const isFile = (path: string) => statOf(path)?.isFile() ?? false;
