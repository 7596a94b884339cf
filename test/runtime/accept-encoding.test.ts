import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/runtime/accept-encoding.ts';
import type { Encoding } from '../../src/runtime/encodings.ts';

const all: Encoding[] = ['br', 'zstd', 'gzip'];

describe('chooseEncoding: the copy a request gets (RFC 9110 12.5.3)', () => {
  it.each<[header: string | null, available: Encoding[], chosen: Encoding | undefined]>([
    // No header, or an empty one: the file itself.
    [null, all, undefined],
    ['', all, undefined],
    // Browsers list gzip first; on a tie the server's order decides: br, zstd, gzip.
    ['gzip, deflate, br, zstd', all, 'br'],
    ['gzip, deflate, br', ['zstd', 'gzip'], 'gzip'],
    ['gzip, zstd', all, 'zstd'],
    ['deflate', all, undefined],
    // q-values rank; 0 refuses.
    ['br;q=0.5, gzip;q=0.8', all, 'gzip'],
    ['br;q=0, gzip', all, 'gzip'],
    ['br;q=0, gzip;q=0', all, undefined],
    ['br;Q=0.2, gzip;q=0.1', all, 'br'],
    ['br; q=1.0, gzip', all, 'br'],
    // An unreadable q-value makes the entry unusable.
    ['br;q=2, gzip', all, 'gzip'],
    ['br;q=0.5000, gzip;q=0.4', all, 'gzip'],
    ['br;q=abc', all, undefined],
    // Letter case, spaces and x-gzip.
    ['  GZIP  ', all, 'gzip'],
    ['x-gzip', all, 'gzip'],
    // The first mention of a coding counts.
    ['gzip;q=0, gzip', all, undefined],
    // `*` stands for every coding not named.
    ['*', all, 'br'],
    ['*;q=0.5, br;q=0', all, 'zstd'],
    ['gzip, *;q=0', all, 'gzip'],
    ['*;q=0', all, undefined],
    // identity outranks a copy only when the header values it higher.
    ['gzip;q=0.5, identity', all, undefined],
    ['gzip, identity', all, 'gzip'],
    ['gzip;q=0.5', all, 'gzip'],
    // identity;q=0 with a copy accepted: the copy; with none accepted: the file itself all the same.
    ['br, identity;q=0', all, 'br'],
    ['identity;q=0', all, undefined],
    ['deflate, identity;q=0', all, undefined],
    // Only the codings the file has copies in.
    ['br', ['gzip'], undefined],
    ['br, gzip', [], undefined],
  ])('%j with copies %j: %j', (header, available, chosen) => {
    expect(chooseEncoding(header, available)).toBe(chosen);
  });
});
