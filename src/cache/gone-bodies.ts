/**
 * Removes the stored bodies (body-store.ts) of routes the last build recorded and this one did not:
 * routes gone, or failed this time. Both records files are sorted by route, so one pass over the two
 * finds them and holds neither.
 */
import { closeSync, openSync, rmSync } from 'node:fs';
import { byRoute } from '../output/route-to-file.ts';
import { storedBodyPath } from './body-store.ts';
import { decodeRecord } from './record.ts';
import { readLines } from '../read-lines.ts';

/** Removes from the cache folder `dir` the bodies of routes in the records file `before` and not in `after`. */
export function removeGoneBodies(dir: string, before: string, after: string): void {
  const kept = routesOf(after);
  let next = kept.next();
  for (const route of routesOf(before)) {
    while (!next.done && byRoute({ route: next.value }, { route }) < 0) next = kept.next();
    if (next.done || next.value !== route) rmSync(storedBodyPath(dir, route), { force: true });
  }
}

/** The routes of a records file, in its order. */
export function* routesOf(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    for (const line of readLines(fd)) yield decodeRecord(line).route;
  } finally {
    closeSync(fd);
  }
}
