import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteRecord } from '../../src/cache/record.ts';
import { createRecordsWriter, openRecords } from '../../src/cache/records-file.ts';
import { byRoute } from '../../src/output/route-to-file.ts';
import { tempDir } from '../support/helpers.ts';

const recordOf = (route: string): RouteRecord => ({
  route,
  routeFile: 'api/[x].ts',
  code: 'c',
  reads: [],
  through: [],
  network: false,
  env: false,
  file: route.slice(1),
  status: 200,
  contentType: 'text/plain; charset=utf-8',
  bytes: 3,
  ms: 0.2,
  body: 'b',
  crc32: 7,
  stamp: 1000,
});

/** Writes records of `routes` (sorted here) and returns the file and its summary. */
function writeRecords(routes: string[]) {
  const file = join(tempDir('records-'), 'records-1.jsonl');
  const writer = createRecordsWriter(file);
  for (const route of [...routes].sort((a, b) => byRoute({ route: a }, { route: b }))) writer.add(recordOf(route));
  return { file, summary: writer.finish() };
}

describe('the records file', () => {
  // Long enough to span many 64 KB pieces, with characters of 2 to 4 bytes that a piece may cut.
  const routes = Array.from({ length: 3000 }, (_, i) => `/api/${String(i).padStart(5, '0')}-é€😀-${'x'.repeat(i % 50)}`);

  it('gives each route its record, asked in route order, and passes over what is not asked', () => {
    const { file, summary } = writeRecords(routes);
    expect(summary.count).toBe(routes.length);
    const reader = openRecords(file, summary);
    for (const route of routes.slice(0, 100)) expect(reader.find(route)?.route).toBe(route);
    expect(reader.find('/api/00100-nope')).toBeUndefined();
    for (const route of routes.slice(100)) expect(reader.find(route)).toEqual(recordOf(route));
    expect(reader.passedOver()).toBe(false);
    reader.close();

    const partial = openRecords(file, summary);
    expect(partial.find(routes[5]!)?.route).toBe(routes[5]);
    expect(partial.passedOver()).toBe(true);
    partial.close();
  });

  it('starts again from the top for a route before the last one asked (a crawl level)', () => {
    const { file, summary } = writeRecords(routes);
    const reader = openRecords(file, summary);
    expect(reader.find(routes[2000]!)?.route).toBe(routes[2000]);
    expect(reader.find(routes[10]!)?.route).toBe(routes[10]);
    expect(reader.find(routes[2999]!)?.route).toBe(routes[2999]);
    reader.close();
  });

  it('is refused when cut short, altered or another than the summary names', () => {
    const { file, summary } = writeRecords(routes);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    expect(() => openRecords(file, summary)).toThrow(/not the one/);
    const altered = Buffer.from(bytes);
    altered[100] = altered[100]! ^ 1;
    writeFileSync(file, altered);
    expect(() => openRecords(file, summary)).toThrow(/not the one/);
    writeFileSync(file, bytes);
    expect(() => openRecords(file, { ...summary, count: summary.count + 1 })).toThrow(/not the one/);
    expect(openRecords(file, summary).find(routes[0]!)?.route).toBe(routes[0]);
  });
});

describe.skipIf(process.platform !== 'linux')('a records file on a full disk (/dev/full)', () => {
  it('takes every record without throwing, then throws the write that failed when finished', () => {
    const writer = createRecordsWriter('/dev/full');
    const routes = Array.from({ length: 2000 }, (_, i) => `/api/${String(i).padStart(5, '0')}.json`);
    // Enough records for pieces written before the end: none throws.
    for (const route of routes) writer.add(recordOf(route));
    expect(() => writer.finish()).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    writer.abandon();
  });
});
