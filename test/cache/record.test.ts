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
  crc32: 4_000_000_000,
  stamp: 1_700_000_000_000,
  params: { slug: 'é' },
  problems: [{ code: 'INVALID_JSON', message: 'is not valid JSON' }],
  links: { kind: 'data', links: ['/api/posts/other.json'] },
};

describe('route records', () => {
  it('come back from their line as they were, with or without the optional fields', () => {
    expect(decodeRecord(encodeRecord(record))).toEqual(record);
    const bare: RouteRecord = { ...record, reads: [], through: [], env: false, cacheKey: undefined, headers: undefined, params: undefined, problems: undefined, links: undefined };
    const line = encodeRecord(bare);
    expect(line).not.toMatch(/"rd"|"th"|"e"|"k"|"h"|"p"|"pb"|"lk"/);
    const { cacheKey, headers, params, problems, links, ...rest } = bare;
    expect(decodeRecord(line)).toEqual(rest);
  });

  it('refuse a line that is not a record', () => {
    for (const line of ['', 'garbage', '{}', '[1]', encodeRecord(record).replace('"s":200', '"s":"200"'), encodeRecord(record).replace('"rd":[[', '"rd":[[1,'), JSON.stringify({ ...JSON.parse(encodeRecord(record)), b: -1 })]) {
      expect(() => decodeRecord(line), line).toThrow();
    }
  });
});
