/**
 * What changed in `public/` against the previous build: this build's files, met in the order the
 * file list keeps them (file-list.ts), are compared with the previous list as it is read, in one pass.
 */
import { messageOf } from '../errors.ts';
import type { FileListReader, ListedFile, ListedRoute } from './file-list.ts';

/** How a file compares with the previous build's. */
export type FileChange = 'added' | 'changed' | 'same';

/** What changed, for the report: counts, and the first files of each kind. */
export interface FileChanges {
  /**
   * `first`: no previous output; `unlisted`: a previous output that kept no file list (made by
   * `prerender merge`, or by an earlier version); `unreadable`: why its list could not be read.
   */
  previous: 'compared' | 'first' | 'unlisted' | { unreadable: string };
  added: number;
  changed: number;
  removed: number;
  same: number;
  /** The first {@link listedChanges} paths of each kind, in the order met (routes' files, then the others by path). */
  addedFiles: string[];
  changedFiles: string[];
  removedFiles: string[];
}

/** Files named per kind; past this, only counted. */
export const listedChanges = 1000;

/** A comparison under way; its answers are undefined when there is nothing to compare with. */
export interface FileComparison {
  /** A route's file, routes in route order (byRoute); compared with the previous file of the same route. */
  route(route: string, file: string, bytes: number, crc: number): FileChange | undefined;
  /** Any other file, in path order, after every route. */
  file(file: string, bytes: number, crc: number): FileChange | undefined;
  finish(): FileChanges;
}

/** Compares with the list `previous` reads (undefined: none, `previousOutput` saying whether there was an output without one). */
export function compareFiles(previous: FileListReader | undefined, previousOutput = false): FileComparison {
  const changes: FileChanges = { previous: previous ? 'compared' : previousOutput ? 'unlisted' : 'first', added: 0, changed: 0, removed: 0, same: 0, addedFiles: [], changedFiles: [], removedFiles: [] };
  // The files added and removed, with their sizes and checksums: one that moved from a route to
  // another (`/docs` to `/docs/`) or between a route and publicDir is the same path, and counts as
  // changed or not once both sides are known (within the first files listed, as kept here).
  const added = new Map<string, [number, number]>();
  const removed = new Map<string, [number, number]>();
  let next: ListedRoute | ListedFile | undefined;
  let reader = previous;

  const read = () => {
    try {
      next = reader?.next();
    } catch (error) {
      changes.previous = { unreadable: messageOf(error) };
      reader = undefined;
      next = undefined;
    }
  };
  read();
  const note = (kind: 'added' | 'removed', file: string, bytes: number, crc: number) => {
    changes[kind]++;
    const kept = kind === 'added' ? added : removed;
    if (kept.size < listedChanges) kept.set(file, [bytes, crc]);
  };
  const compare = (file: string, bytes: number, crc: number, before: ListedFile): FileChange => {
    const change = before[1] === bytes && before[2] === crc ? 'same' : 'changed';
    changes[change]++;
    if (change === 'changed' && changes.changedFiles.length < listedChanges) changes.changedFiles.push(file);
    return change;
  };
  const dropRoutesBefore = (route: string | undefined) => {
    while (reader && next?.length === 4 && (route === undefined || next[0] < route)) {
      note('removed', next[1], next[2], next[3]);
      read();
    }
  };

  return {
    route(route, file, bytes, crc) {
      if (!reader) return undefined;
      dropRoutesBefore(route);
      if (next?.length !== 4 || next[0] !== route) {
        note('added', file, bytes, crc);
        return 'added';
      }
      const before = next;
      read();
      if (before[1] === file) return compare(file, bytes, crc, [file, before[2], before[3]]);
      note('removed', before[1], before[2], before[3]);
      note('added', file, bytes, crc);
      return 'added';
    },
    file(file, bytes, crc) {
      if (!reader) return undefined;
      dropRoutesBefore(undefined);
      while (reader && next?.length === 3 && next[0] < file) {
        note('removed', next[0], next[1], next[2]);
        read();
      }
      if (next?.length !== 3 || next[0] !== file) {
        note('added', file, bytes, crc);
        return 'added';
      }
      const before = next;
      read();
      return compare(file, bytes, crc, before);
    },
    finish() {
      dropRoutesBefore(undefined);
      while (reader && next !== undefined) {
        note('removed', next.length === 4 ? next[1] : next[0], next.at(-2) as number, next.at(-1) as number);
        read();
      }
      if (changes.previous !== 'compared') return { ...changes, added: 0, changed: 0, removed: 0, same: 0, changedFiles: [] };
      for (const [file, [bytes, crc]] of added) {
        const before = removed.get(file);
        if (before === undefined) continue;
        added.delete(file);
        removed.delete(file);
        changes.added--;
        changes.removed--;
        compare(file, bytes, crc, [file, before[0], before[1]]);
      }
      return { ...changes, addedFiles: [...added.keys()], removedFiles: [...removed.keys()] };
    },
  };
}
