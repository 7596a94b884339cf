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
import { copyFileSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, sep } from 'node:path';
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
 * Makes `to` the file `from` is: a hard link, else a copy (with the time `stamp`, ms, when given);
 * replaces what `to` was, and makes its folder when missing.
 */
export function placeFile(from: string, to: string, stamp?: number): void {
  try {
    linkSync(from, to);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && statSync(from, { throwIfNoEntry: false })) {
      mkdirSync(dirname(to), { recursive: true });
      return placeFile(from, to, stamp);
    }
    if (code !== 'EEXIST' && !cannotLink.has(code ?? '')) throw error;
  }
  // Replaced through a new name and a rename, so `to` is never missing or half written.
  const temporary = `${to}.${process.pid}.tmp`;
  try {
    try {
      linkSync(from, temporary);
    } catch (error) {
      if (!cannotLink.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      copyFileSync(from, temporary);
      if (stamp !== undefined) utimesSync(temporary, stamp / 1000, stamp / 1000);
    }
    renameSync(temporary, to);
  } catch (error) {
    // A copy cut short (a full disk) leaves no part behind; `to` is as it was.
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Stores the body the build wrote at `written` (its modification time already `stamp`, in ms) as `stored`. */
export function storeBody(written: string, stored: string, stamp: number): void {
  placeFile(written, stored, stamp);
}

/** Puts the stored body `stored` in the output as `file` (checked with {@link checkStoredBody} first). */
export function reuseBody(stored: string, file: string, stamp: number): void {
  placeFile(stored, file, stamp);
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
