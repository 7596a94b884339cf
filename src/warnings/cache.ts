/**
 * The warnings about the build's cache (one it could not use, could not save, or could not store a
 * body in), a part of the catalogue in warnings.ts, which spreads them into `warnings`. None fails a
 * build: without its cache a build renders every route, and nothing stale is published.
 */
import { isFull } from '../errors/output.ts';
import type { Warning } from '../warnings.ts';

export const cacheWarnings = {
  /** The cache of the last build could not be used (`why`: corrupt, cut short, another tool's): every route is rendered. */
  cacheIgnored: (dir: string, why: string): Warning => ({
    code: 'CACHE_IGNORED',
    message: `Ignored the cache in ${dir}: ${why}. Every route is rendered this time, and a new cache is written; nothing stale is published.`,
  }),
  /** The cache cannot be used by this build at all (`why`: another build holds it, it cannot be written): it is left as it is. */
  cacheUnusable: (dir: string, why: string): Warning => ({
    code: 'CACHE_IGNORED',
    message: `Built without the cache in ${dir}: ${why}. Every route is rendered this time, and the cache is left as it is.`,
  }),
  /** The build was published, but its cache could not be written (`why`): the next build renders what this one did. */
  cacheNotSaved: (dir: string, why: string): Warning => ({
    code: 'CACHE_NOT_SAVED',
    message: `The build is published, but its cache could not be saved in ${dir}: ${why}. The next build renders every route this one rendered.`,
  }),
  /**
   * The build was published, but the cache could not take a route's body (`stored`, the error's
   * `code` and `message`, which may name the staging folder, gone by now: said only without a code):
   * its disk full, not writable. The output does not depend on it.
   */
  cacheBodyNotStored: (dir: string, stored: string, code: string | undefined, message: string): Warning => {
    const { problem, fix } = cacheWriteProblem(code);
    return {
      code: 'CACHE_NOT_SAVED',
      message: `The build is published, but its cache could not be saved in ${dir}: ${problem} (${code === undefined ? message : code}, writing ${stored}). The next build renders every route this one rendered. ${fix}`,
    };
  },
};

/** What a write error's `code` means for the cache's folder, and what to do about it. */
function cacheWriteProblem(code: string | undefined): { problem: string; fix: string } {
  const elsewhere = 'or set cacheDir to a folder this user can write on a disk with room (--no-cache builds without it).';
  if (isFull(code)) return { problem: "no space left on the cache's disk (or your quota)", fix: `Free space there, ${elsewhere}` };
  if (code === 'EACCES' || code === 'EPERM') return { problem: 'this user cannot write in it', fix: `Give this user write access to it (ls -ld shows its owner), ${elsewhere}` };
  if (code === 'EROFS') return { problem: 'it is on a read-only file system', fix: `Set cacheDir to a folder on a writable disk (--no-cache builds without it).` };
  return { problem: "a route's body could not be stored in it", fix: `Check that the folder is writable and its disk has room, ${elsewhere}` };
}
