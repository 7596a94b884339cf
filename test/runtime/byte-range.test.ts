/** The one byte range a Range header asks (src/runtime/byte-range.ts), by RFC 9110's rules. */
import { describe, expect, it } from 'vitest';
import { byteRange, contentRange } from '../../src/runtime/byte-range.ts';

describe('byteRange', () => {
  it.each<[header: string | null, size: number, range: ReturnType<typeof byteRange>]>([
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
    [null, 10, undefined],
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
});
