/** The one byte range a Range header asks (src/runtime/byte-range.ts), by RFC 9110's rules. */
import { describe, expect, it } from 'vitest';
import { askedRange, byteRange, contentRange } from '../../src/runtime/byte-range.ts';

describe('byteRange', () => {
  it.each<[header: string, size: number, range: ReturnType<typeof byteRange>]>([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=9-', 10, { start: 9, end: 9 }],
    ['bytes=5-999999999999999999', 10, { start: 5, end: 9 }],
    ['BYTES = 1 - 2', 10, { start: 1, end: 2 }],
    ['bytes=-10', 10, { start: 0, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    // An empty file's last bytes: no 206 can say none, so the whole (empty) file is sent.
    ['bytes=-5', 0, undefined],
    ['bytes=0-1,3-4', 10, undefined],
    ['bytes=3-1', 10, undefined],
    ['bytes=-', 10, undefined],
    ['bytes=1.5-2', 10, undefined],
    ['pages=1-2', 10, undefined],
  ])('%j of %i bytes is %j', (header, size, range) => {
    expect(byteRange(header, size)).toEqual(range);
  });

  it('names a range, or the size alone for a 416', () => {
    expect(contentRange({ start: 0, end: 4 }, 20)).toBe('bytes 0-4/20');
    expect(contentRange(undefined, 20)).toBe('bytes */20');
  });

  it.each<[headers: Record<string, string>, validator: string | null, range: ReturnType<typeof askedRange>]>([
    [{}, 'Tue, 01 Dec 2026 10:00:00 GMT', undefined],
    [{ range: 'bytes=0-4' }, 'Tue, 01 Dec 2026 10:00:00 GMT', { start: 0, end: 4 }],
    [{ range: 'bytes=0-4', 'if-range': 'Tue, 01 Dec 2026 10:00:00 GMT' }, 'Tue, 01 Dec 2026 10:00:00 GMT', { start: 0, end: 4 }],
    [{ range: 'bytes=0-4', 'if-range': 'Mon, 30 Nov 2026 10:00:00 GMT' }, 'Tue, 01 Dec 2026 10:00:00 GMT', undefined],
    // A precompressed copy: no If-Range holds, a range without one does.
    [{ range: 'bytes=0-4', 'if-range': 'Tue, 01 Dec 2026 10:00:00 GMT' }, null, undefined],
    [{ range: 'bytes=0-4' }, null, { start: 0, end: 4 }],
  ])('a GET with %j (validator %j) asks %j', (headers, validator, range) => {
    expect(askedRange(new Headers(headers), 20, validator)).toEqual(range);
  });
});
