import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedBodyPath } from '../../src/cache/body-store.ts';
import type { RouteRecord } from '../../src/cache/record.ts';
import { createRecordsWriter } from '../../src/cache/records-file.ts';
import { isUnfinished, markFinished, markUnfinished, removeStrayBodies } from '../../src/cache/stray-bodies.ts';
import { byRoute } from '../../src/output/route-to-file.ts';
import { tempDir } from '../support/helpers.ts';

const recordOf = (route: string) => ({ route, routeFile: 'api/[x].ts', code: 'c', reads: [], through: [], network: false, env: false, file: route.slice(1), status: 200, contentType: 'text/plain', bytes: 1, ms: 0, body: 'b', crc32: 0, stamp: 1000 }) as RouteRecord;

/** Stores a body for each of `routes` in the cache folder `dir`. */
function storeBodies(dir: string, routes: string[]): void {
  for (const route of routes) {
    mkdirSync(join(storedBodyPath(dir, route), '..'), { recursive: true });
    writeFileSync(storedBodyPath(dir, route), route);
  }
}

/** Writes the records of `routes` in the cache folder `dir`, as a commit does; returns the file. */
function writeRecords(dir: string, routes: string[]): string {
  const file = join(dir, 'records-1-0123456789ab.jsonl');
  const writer = createRecordsWriter(file);
  for (const route of [...routes].sort((a, b) => byRoute({ route: a }, { route: b }))) writer.add(recordOf(route));
  writer.finish();
  return file;
}

const bodyFiles = (dir: string) => readdirSync(join(dir, 'bodies'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));

describe('stray bodies', () => {
  it('marks a cache folder unfinished until a build takes the mark away', () => {
    const dir = tempDir('cache-');
    expect(isUnfinished(dir)).toBe(false);
    markUnfinished(dir);
    expect(isUnfinished(dir)).toBe(true);
    markFinished(dir);
    markFinished(dir);
    expect(isUnfinished(dir)).toBe(false);
  });

  it('removes every body the records do not name, and files left half placed, and keeps those they do', () => {
    const dir = tempDir('cache-');
    const kept = Array.from({ length: 50 }, (_, i) => `/api/kept/${i}.json`);
    const strays = Array.from({ length: 400 }, (_, i) => `/api/stray/${i}.json`);
    storeBodies(dir, [...kept, ...strays]);
    writeFileSync(`${storedBodyPath(dir, kept[0])}.4242.tmp`, 'half');
    writeFileSync(join(dir, 'bodies', 'stray-file'), '');
    removeStrayBodies(dir, writeRecords(dir, kept));
    expect(bodyFiles(dir).sort()).toEqual(kept.map((route) => storedBodyPath(dir, route)).sort());
  });

  it('has nothing to do where no body was ever stored', () => {
    const dir = tempDir('cache-');
    removeStrayBodies(dir, writeRecords(dir, ['/api/a.json']));
    expect(existsSync(join(dir, 'bodies'))).toBe(false);
  });
});
