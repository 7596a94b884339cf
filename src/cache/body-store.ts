/**
 * The bodies the cache reuses, in `cacheDir/<name>/bodies/`: one file per route (named by a hash of
 * the route), a hard link to the file the build wrote, so the cache holds no second copy of the site
 * (a copy only where the cache is on another device than the output). Reusing a route links its
 * stored body into the new output. Every body a build writes gets the build's `stamp` as its
 * modification time: a stored body whose size or time differ was changed since (a tool rewriting the
 * published file in place changes the stored one too), and is checked by its hash before reuse.
 * Synchronous, for the writer thread (prerender/write-worker.ts).
 */
import { hash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { writeStamped } from '../output/write-all.ts';
import { contentHash } from './hash.ts';

/** Where the body of `route` is stored, under the cache folder `dir` (`bodies/ab/<30 hex>`). */
export function storedBodyPath(dir: string, route: string): string {
  // Joined as it is (`dir` is a resolved path): path.join normalises, for every route written.
  return `${dir}${sep}bodies${sep}${storedBodyName(route)}`;
}

/** The name of the body of `route` in the `bodies` folder: `ab/<30 hex>`, with the platform's separator. */
export function storedBodyName(route: string): string {
  const name = hash('sha256', route, 'hex').slice(0, 32);
  return `${name.slice(0, 2)}${sep}${name.slice(2)}`;
}

/** Errors after which a link cannot be made and a copy is: another device, a link count at its limit, links not allowed. */
const cannotLink = new Set(['EXDEV', 'EMLINK', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP']);

/**
 * Of those, the ones every file between the same two folders would get (all but EMLINK, one file's
 * link count). EPERM can also be one file's (Linux's protected hard links): links then stop for the
 * rest of the build, a copy each, slower but never wrong.
 */
const noLinksBetween = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP']);

/**
 * Whether hard links between the output and the cache are worth trying: no, once one failed for a
 * reason every file shares (the cache on another device, a file system without links). One for each
 * build's writer thread: a cache on another device then costs a body one write of the bytes the
 * thread holds (a copy, for a route reused), not two failed links and a copy: a cold build of
 * 10,000 routes took 0.89 times as long (bench/RESULTS.md, "A cache on another device").
 */
export interface Linking {
  works: boolean;
}

/**
 * Makes `to` the file `from` is: a hard link, else a copy (with the time `stamp`, ms, when given);
 * replaces what `to` was, and makes its folder when missing. `linking` learns when links cannot work
 * here, and is asked before one is tried.
 */
export function placeFile(from: string, to: string, stamp?: number, linking: Linking = { works: true }): void {
  const link = (target: string): boolean => {
    if (!linking.works) return false;
    try {
      linkSync(from, target);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!cannotLink.has(code)) throw error;
      if (noLinksBetween.has(code)) linking.works = false;
      return false;
    }
  };
  try {
    if (link(to)) return;
  } catch (error) {
    // `to` there already: replaced below. Its folder missing: made, when `from` is there to place.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && statSync(from, { throwIfNoEntry: false })) {
      mkdirSync(dirname(to), { recursive: true });
      return placeFile(from, to, stamp, linking);
    }
    if (code !== 'EEXIST') throw error;
  }
  replaceFile(
    to,
    (temporary) => {
      if (link(temporary)) return;
      copyFileSync(from, temporary);
      if (stamp !== undefined) utimesSync(temporary, stamp / 1000, stamp / 1000);
    },
    () => existsSync(from),
  );
}

/**
 * Replaces `to` with the file `make` writes at a temporary name beside it, then renamed: `to` is
 * never missing or half written, and a copy cut short (a full disk) leaves no part behind. Makes
 * `to`'s folder when missing, if what `make` reads is there (`hasSource`).
 */
function replaceFile(to: string, make: (temporary: string) => void, hasSource: () => boolean = () => true): void {
  const temporary = `${to}.${process.pid}.tmp`;
  try {
    try {
      make(temporary);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || existsSync(dirname(to)) || !hasSource()) throw error;
      mkdirSync(dirname(to), { recursive: true });
      make(temporary);
    }
    renameSync(temporary, to);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Stores the body the build wrote at `written` (its modification time already `stamp`, in ms) as
 * `stored`: a link, or where `linking` says none can be made, `body` (the bytes written) written
 * again, with the same time.
 */
export function storeBody(written: string, stored: string, stamp: number, linking?: Linking, body?: Uint8Array): void {
  if (linking?.works === false && body !== undefined) return replaceFile(stored, (temporary) => writeStamped(temporary, body, stamp));
  placeFile(written, stored, stamp, linking);
}

/** Puts the stored body `stored` in the output as `file` (checked with {@link checkStoredBody} first). */
export function reuseBody(stored: string, file: string, stamp: number, linking?: Linking): void {
  placeFile(stored, file, stamp, linking);
}

/**
 * Whether the stored body `stored` is the one recorded: its modification time (ms) when it is, which
 * is `stamp` unless it was touched; `undefined` when it is missing or changed. Its size and time the
 * same, it is taken as it is; its time changed, its hash must be `body` (hash.ts).
 */
export function checkStoredBody(stored: string, bytes: number, stamp: number, body: string): number | undefined {
  const stat = statSync(stored, { throwIfNoEntry: false });
  if (!stat || !stat.isFile() || stat.size !== bytes) return undefined;
  if (stat.mtimeMs === stamp) return stamp;
  return contentHash(readFileSync(stored)) === body ? stat.mtimeMs : undefined;
}
