/**
 * The bodies a build stored and never committed (body-store.ts): one that failed, was stopped
 * (SIGINT, SIGTERM, a second signal) or killed leaves the last index as it was, and the bodies of
 * routes that index does not name would stay forever (gone-bodies.ts compares two records files
 * only). So the first body a build stores marks its output's cache folder as unfinished, and a commit
 * takes the mark away last; a commit that finds the mark an earlier build left (or a bodies folder
 * beside no usable index) removes every body its records do not name, once its index is written. A build that finishes pays one small file written and removed; the walk
 * of the bodies folder (100,000 files for a large site) comes only after one that did not. Nothing
 * runs as a build is stopped: a killed build is covered too, and the signal's cleanup stays short.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { storedBodyName } from './body-store.ts';
import { routesOf } from './gone-bodies.ts';

/** The mark in the output's cache folder `dir` of a build that stored bodies and has not committed. */
const markFile = (dir: string) => join(dir, 'unfinished');

/** Whether a build left the output's cache folder `dir` unfinished: bodies may be there that no record names. */
export const isUnfinished = (dir: string): boolean => existsSync(markFile(dir));

/**
 * Marks the output's cache folder `dir` unfinished, before the first body is stored. A folder that
 * cannot take the mark cannot take records or bodies either: that is reported as the cache is saved
 * (CACHE_NOT_SAVED), not here.
 */
export function markUnfinished(dir: string): void {
  try {
    writeFileSync(markFile(dir), '');
  } catch {
    // Reported with the records, as above.
  }
}

/** Takes the mark away, once the index names the records that name every body kept. */
export function markFinished(dir: string): void {
  rmSync(markFile(dir), { force: true });
}

/**
 * Removes from the output's cache folder `dir` every body (and file left half placed) that the
 * records file `records` does not name. Holds the name of each route's body, one per record.
 */
export function removeStrayBodies(dir: string, records: string): void {
  const named = new Set<string>();
  for (const route of routesOf(records)) named.add(storedBodyName(route));
  const bodies = join(dir, 'bodies');
  if (!existsSync(bodies)) return;
  // Each listing and removal on its own: a body this user may not remove (another's, made as root)
  // stays, and the cache is saved all the same.
  const remove = (path: string) => {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {
      // Left for a later sweep, by a user who may remove it.
    }
  };
  const list = (folder: string) => {
    try {
      return readdirSync(folder, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  for (const entry of list(bodies)) {
    const folder = join(bodies, entry.name);
    if (!entry.isDirectory()) remove(folder);
    else for (const { name } of list(folder)) if (!named.has(`${entry.name}${sep}${name}`)) remove(join(folder, name));
  }
}
