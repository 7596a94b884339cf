import { describe, expect, it } from 'vitest';
import { decodeRecord, encodeRecord, type RouteRecord } from '../../src/cache/record.ts';

const record: RouteRecord = {
  route: '/api/posts/é.json',
  routeFile: 'api/posts/[slug].json.ts',
  code: 'abc',
  reads: [['content/é.md', 'f:xyz']],
  through: ['src/server/routes/api/posts/[slug].json.ts'],
  network: false,
  env: true,
  cacheKey: 'v2',
  file: 'api/posts/é.json',
  status: 200,
  contentType: 'application/json',
  headers: [['cache-control', 'max-age=60']],
  bytes: 12,
  ms: 1.5,
  body: 'hash',
  stamp: 1_700_000_000_000,
};

describe('route records', () => {
  it('come back from their line as they were, with or without the optional fields', () => {
    expect(decodeRecord(encodeRecord(record))).toEqual(record);
    const bare: RouteRecord = { ...record, reads: [], through: [], env: false, cacheKey: undefined, headers: undefined };
    const line = encodeRecord(bare);
    expect(line).not.toMatch(/"rd"|"th"|"e"|"k"|"h"/);
    const { cacheKey, headers, ...rest } = bare;
    expect(decodeRecord(line)).toEqual(rest);
  });

  it('refuse a line that is not a record', () => {
    for (const line of ['', 'garbage', '{}', '[1]', encodeRecord(record).replace('"s":200', '"s":"200"'), encodeRecord(record).replace('"rd":[[', '"rd":[[1,'), JSON.stringify({ ...JSON.parse(encodeRecord(record)), b: -1 })]) {
      expect(() => decodeRecord(line), line).toThrow();
    }
  });
});
