import { closeSync, futimesSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStoredBody, reuseBody, storeBody, storedBodyPath } from '../../src/cache/body-store.ts';
import { contentHash } from '../../src/cache/hash.ts';
import { repoRoot, tempDir } from '../support/helpers.ts';

const stamp = 1_700_000_000_000;

/** Writes `body` at `file` with the build's stamp as its modification time, as the writer thread does. */
function writeStamped(file: string, body: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const fd = openSync(file, 'w');
  writeSync(fd, body);
  futimesSync(fd, stamp / 1000, stamp / 1000);
  closeSync(fd);
}

describe('the body store', () => {
  it('names each route a file of its own, in 256 folders', () => {
    const path = storedBodyPath('/cache/site', '/api/a.json');
    expect(path).toMatch(/^\/cache\/site\/bodies\/[0-9a-f]{2}\/[0-9a-f]{30}$/);
    expect(storedBodyPath('/cache/site', '/api/b.json')).not.toBe(path);
  });

  it('holds the very file the build wrote (no copy), and links it into the next output', () => {
    const dir = tempDir('store-');
    const written = join(dir, 'out-1', 'a.json');
    writeStamped(written, '{"a":1}');
    const stored = storedBodyPath(join(dir, 'cache'), '/a.json');
    storeBody(written, stored, stamp);
    expect(statSync(stored).ino).toBe(statSync(written).ino);
    expect(checkStoredBody(stored, 7, stamp, contentHash('{"a":1}'))).toBe(stamp);

    const next = join(dir, 'out-2', 'a.json');
    mkdirSync(join(next, '..'));
    reuseBody(stored, next, stamp);
    expect(statSync(next).ino).toBe(statSync(written).ino);
    // A route rendered again with another body replaces the stored one; the old output keeps its own.
    const again = join(dir, 'out-3', 'a.json');
    writeStamped(again, '{"a":2}');
    storeBody(again, stored, stamp);
    expect(readFileSync(stored, 'utf8')).toBe('{"a":2}');
    expect(readFileSync(written, 'utf8')).toBe('{"a":1}');
  });

  it('tells a body changed in place since (through the published file) from one only touched', () => {
    const dir = tempDir('store-');
    const written = join(dir, 'out', 'a.json');
    writeStamped(written, '{"a":1}');
    const stored = storedBodyPath(join(dir, 'cache'), '/a.json');
    storeBody(written, stored, stamp);
    const hash = contentHash('{"a":1}');
    utimesSync(written, 1_600_000_000, 1_600_000_000);
    expect(checkStoredBody(stored, 7, stamp, hash)).toBe(1_600_000_000_000);
    writeFileSync(written, '{"a":9}');
    expect(checkStoredBody(stored, 7, stamp, hash)).toBeUndefined();
    writeFileSync(written, '{"a":10}');
    expect(checkStoredBody(stored, 7, stamp, hash)).toBeUndefined();
    rmSync(stored);
    expect(checkStoredBody(stored, 7, stamp, hash)).toBeUndefined();
  });

  // The suite's temporary folders are on a RAM disk; the repository is on another device.
  const otherDevice = join(repoRoot, 'node_modules', '.cache', `body-store-test-${process.pid}`);
  afterAll(() => rmSync(otherDevice, { recursive: true, force: true }));
  const crossDevice = () => {
    mkdirSync(otherDevice, { recursive: true });
    return statSync(otherDevice).dev !== statSync(tempDir('store-')).dev;
  };

  it.runIf(crossDevice())('copies, with the same time, where the cache is on another device than the output', () => {
    const written = join(tempDir('store-'), 'a.json');
    writeStamped(written, 'body');
    const stored = storedBodyPath(otherDevice, '/a.json');
    storeBody(written, stored, stamp);
    expect(readFileSync(stored, 'utf8')).toBe('body');
    expect(statSync(stored).ino).not.toBe(statSync(written).ino);
    expect(checkStoredBody(stored, 4, stamp, contentHash('body'))).toBe(stamp);
    const next = join(tempDir('store-'), 'a.json');
    reuseBody(stored, next, stamp);
    expect(readFileSync(next, 'utf8')).toBe('body');
  });

  it.runIf(crossDevice())('learns from the first body that links cannot cross the devices: the next are written and copied at once, into folders made, with the time, no temporary file left', () => {
    const out = tempDir('store-');
    const cache = join(otherDevice, 'learn');
    const linking = { works: true };
    const written = (name: string, body: string) => {
      writeStamped(join(out, name), body);
      return join(out, name);
    };
    storeBody(written('a.json', 'first'), storedBodyPath(cache, '/a.json'), stamp, linking, Buffer.from('first'));
    expect(linking.works).toBe(false);
    // Once links are known not to work, a stored body is the bytes the writer holds: a second read of the file would give the same.
    for (const route of ['/b.json', '/c.json', '/d.json']) {
      const stored = storedBodyPath(cache, route);
      storeBody(written(route.slice(1), `body of ${route}`), stored, stamp, linking, Buffer.from(`body of ${route}`));
      expect(readFileSync(stored, 'utf8')).toBe(`body of ${route}`);
      expect(statSync(stored).mtimeMs).toBe(stamp);
      expect(checkStoredBody(stored, `body of ${route}`.length, stamp, contentHash(`body of ${route}`))).toBe(stamp);
    }
    // A body stored again replaces the last one whole.
    storeBody(written('b.json', 'changed'), storedBodyPath(cache, '/b.json'), stamp, linking, Buffer.from('changed'));
    expect(readFileSync(storedBodyPath(cache, '/b.json'), 'utf8')).toBe('changed');
    const next = tempDir('store-');
    for (const route of ['/a.json', '/b.json']) reuseBody(storedBodyPath(cache, route), join(next, 'deep', route.slice(1)), stamp, linking);
    expect(readFileSync(join(next, 'deep', 'a.json'), 'utf8')).toBe('first');
    expect(readFileSync(join(next, 'deep', 'b.json'), 'utf8')).toBe('changed');
    expect(statSync(join(next, 'deep', 'b.json')).mtimeMs).toBe(stamp);
    const leftovers = readdirSync(join(cache, 'bodies'), { recursive: true }).filter((name) => String(name).endsWith('.tmp'));
    expect(leftovers).toEqual([]);
    expect(readdirSync(join(next, 'deep')).sort()).toEqual(['a.json', 'b.json']);
  });

  it('once links are known not to work, stores the bytes the writer holds and copies a reused body, on any device; a missing body makes no folder', () => {
    const dir = tempDir('store-');
    const linking = { works: false };
    writeStamped(join(dir, 'out', 'a.json'), 'on disk');
    const stored = storedBodyPath(join(dir, 'cache'), '/a.json');
    // The held bytes, not a read of the file: what the writer wrote is what it holds.
    storeBody(join(dir, 'out', 'a.json'), stored, stamp, linking, Buffer.from('held'));
    expect(readFileSync(stored, 'utf8')).toBe('held');
    expect(statSync(stored).mtimeMs).toBe(stamp);
    reuseBody(stored, join(dir, 'next', 'deep', 'a.json'), stamp, linking);
    expect(readFileSync(join(dir, 'next', 'deep', 'a.json'), 'utf8')).toBe('held');
    expect(statSync(join(dir, 'next', 'deep', 'a.json')).ino).not.toBe(statSync(stored).ino);
    expect(() => reuseBody(join(dir, 'cache', 'gone'), join(dir, 'other', 'a.json'), stamp, linking)).toThrow(/ENOENT/);
    expect(readdirSync(dir).sort()).toEqual(['cache', 'next', 'out']);
    expect(readdirSync(join(dir, 'cache'), { recursive: true }).filter((name) => String(name).endsWith('.tmp'))).toEqual([]);
  });

  it('keeps linking where links work: the stored body is the file written', () => {
    const dir = tempDir('store-');
    const linking = { works: true };
    writeStamped(join(dir, 'out', 'a.json'), 'a');
    storeBody(join(dir, 'out', 'a.json'), storedBodyPath(join(dir, 'cache'), '/a.json'), stamp, linking, Buffer.from('a'));
    expect(linking.works).toBe(true);
    expect(statSync(storedBodyPath(join(dir, 'cache'), '/a.json')).ino).toBe(statSync(join(dir, 'out', 'a.json')).ino);
  });
});
