/**
 * A sort of more items than should stay in memory (a crawl's results, a site's `_headers` rules): up
 * to {@link runSize} items are held, and each time that many have come they are sorted and written to
 * a file of their own as one JSON line each (a sorted run); reading merges the runs. The order is
 * stable: items that compare equal come out in the order they were added.
 */
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { removeTree } from './output/remove-tree.ts';
import { pieceSize, writeAll } from './output/write-all.ts';
import { readLines } from './read-lines.ts';

/**
 * Items held before a run is written. Measured on a crawl of a million routes (bench/shapes.mjs):
 * runs of 16,384 results are ~5 MB of text each, written in ~10 ms, and merging 60 of them reads
 * 64 kB of each at a time.
 */
export const runSize = 16_384;

/** How items are ordered and written. */
export interface SortedRunsOptions<T> {
  /** Where the runs' folder is made (with mkdtemp), once the first run is written. */
  folder: string;
  compare(a: T, b: T): number;
  /** One line of text without a newline (JSON.stringify gives one). */
  encode(item: T): string;
  decode(line: string): T;
  /** @default {@link runSize}; `Infinity` holds every item (no folder is made). */
  runSize?: number;
}

/** Items being gathered, to be read back sorted. */
export interface SortedRuns<T> {
  add(item: T): void;
  /** Items added. */
  readonly size: number;
  /** Every item added, sorted, once; the runs' files go as the reading ends. */
  drain(): Generator<T>;
  /** Removes the runs' files (a failed build). Safe to call more than once. */
  discard(): void;
}

/** An empty {@link SortedRuns}. */
export function createSortedRuns<T>(options: SortedRunsOptions<T>): SortedRuns<T> {
  const limit = options.runSize ?? runSize;
  let held: T[] = [];
  let dir: string | undefined;
  const runs: string[] = [];
  let size = 0;

  const spill = () => {
    dir ??= mkdtempSync(join(options.folder, '.sorted-runs-'));
    const file = join(dir, `run-${runs.length}`);
    writeLines(file, held.sort(options.compare), options.encode);
    runs.push(file);
    held = [];
  };
  const discard = () => {
    if (dir !== undefined) removeTree(dir);
    dir = undefined;
    runs.length = 0;
  };

  return {
    add(item) {
      held.push(item);
      size++;
      if (held.length >= limit) spill();
    },
    get size() {
      return size;
    },
    *drain() {
      let readers: Generator<T>[] = [];
      try {
        if (runs.length === 0) {
          const items = held.sort(options.compare);
          held = [];
          yield* items;
          return;
        }
        if (held.length > 0) spill();
        readers = runs.map((file) => readRun(file, options.decode));
        yield* mergeRuns(readers, options.compare);
      } finally {
        // A reading stopped early closes its files before they go.
        for (const reader of readers) reader.return(undefined);
        discard();
      }
    },
    discard,
  };
}

/**
 * Writes `items` into `file` as one line each, a piece at a time: a run's text (~5 MB for a crawl's
 * results) made as one string, then copied to be written, rose the build's RSS by ~35 MB at each run
 * (a crawl of 100,000 routes).
 */
function writeLines<T>(file: string, items: T[], encode: (item: T) => string): void {
  const fd = openSync(file, 'w');
  try {
    let text = '';
    for (const item of items) {
      text += encode(item) + '\n';
      if (text.length < pieceSize) continue;
      writeAll(fd, text);
      text = '';
    }
    writeAll(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** The items of one run's file, in order, read a piece at a time. */
function* readRun<T>(file: string, decode: (line: string) => T): Generator<T> {
  const fd = openSync(file, 'r');
  try {
    for (const line of readLines(fd)) yield decode(line);
  } finally {
    closeSync(fd);
  }
}

/** The items of sorted `runs`, merged into one order; equal items come from the earlier run first. */
function* mergeRuns<T>(runs: Generator<T>[], compare: (a: T, b: T) => number): Generator<T> {
  // A binary heap of each run's next item, ordered by item, then by run (stability).
  const heap: { item: T; run: number }[] = [];
  const before = (a: { item: T; run: number }, b: { item: T; run: number }) => {
    const order = compare(a.item, b.item);
    return order < 0 || (order === 0 && a.run < b.run);
  };
  const push = (entry: { item: T; run: number }) => {
    let i = heap.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const popTop = () => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (left < heap.length && before(heap[left], heap[least])) least = left;
        if (right < heap.length && before(heap[right], heap[least])) least = right;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    }
    return top;
  };
  runs.forEach((run, index) => {
    const first = run.next();
    if (!first.done) push({ item: first.value, run: index });
  });
  while (heap.length > 0) {
    const { item, run } = popTop();
    yield item;
    const next = runs[run].next();
    if (!next.done) push({ item: next.value, run });
  }
}
