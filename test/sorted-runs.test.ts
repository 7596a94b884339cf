import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSortedRuns } from '../src/sorted-runs.ts';
import { tempDir } from './support/helpers.ts';

type Item = { key: string; order: number };
const byKey = (a: Item, b: Item) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const runsOf = (folder: string, runSize: number) =>
  createSortedRuns<Item>({ folder, runSize, compare: byKey, encode: (item) => JSON.stringify(item), decode: (line) => JSON.parse(line) as Item });

describe('createSortedRuns', () => {
  it('gives every item sorted, equal ones in the order added, however many runs spill', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'é', '😀', 'a/b', 'a-b', 'z', ''), { maxLength: 200 }), fc.integer({ min: 1, max: 50 }), (keys, runSize) => {
        const folder = tempDir('runs-');
        const runs = runsOf(folder, runSize);
        const items = keys.map((key, order) => ({ key, order }));
        for (const item of items) runs.add(item);
        expect(runs.size).toBe(items.length);
        expect([...runs.drain()]).toEqual([...items].sort(byKey));
        expect(readdirSync(folder)).toEqual([]);
      }),
      { numRuns: 200, seed: 25 },
    );
  });

  it('writes a run longer than one piece whole: every item back, each run file a line per item', () => {
    const folder = tempDir('runs-');
    const runs = runsOf(folder, 1_300);
    // ~130 characters a line: a run of 1,300 is about two and a half pieces of 64 KiB.
    const items = Array.from({ length: 3_000 }, (_, order) => ({ key: String((order * 7919) % 3_001).padStart(100, '-'), order }));
    for (const item of items) runs.add(item);
    const [runFolder] = readdirSync(folder);
    const lines = readdirSync(join(folder, runFolder)).map((run) => readFileSync(join(folder, runFolder, run), 'utf8').split('\n'));
    expect(lines.map((run) => run.length)).toEqual([1_301, 1_301]);
    expect(lines.map((run) => run.at(-1))).toEqual(['', '']);
    expect([...runs.drain()]).toEqual([...items].sort(byKey));
  });

  it('reads lines longer than its pieces, and characters cut between two pieces', () => {
    const folder = tempDir('runs-');
    const runs = runsOf(folder, 2);
    // Each line is ~200 kB of four-byte characters: pieces of 64 kB end inside them.
    const items = ['c', 'a', 'b'].map((letter, order) => ({ key: letter + '😀'.repeat(50_000 + order), order }));
    for (const item of items) runs.add(item);
    expect([...runs.drain()]).toEqual([...items].sort(byKey));
  });

  it('removes its runs when discarded, or when a reading stops early', () => {
    const folder = tempDir('runs-');
    const runs = runsOf(folder, 2);
    for (let order = 0; order < 9; order++) runs.add({ key: String(order), order });
    expect(readdirSync(folder)).toHaveLength(1);
    for (const item of runs.drain()) if (item.order === 3) break;
    expect(readdirSync(folder)).toEqual([]);
    const again = runsOf(folder, 2);
    for (let order = 0; order < 9; order++) again.add({ key: String(order), order });
    again.discard();
    again.discard();
    expect(readdirSync(folder)).toEqual([]);
  });
});
