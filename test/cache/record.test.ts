import fc from 'fast-check';
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
    // Rendered with validate: false, its body not checked.
    expect(decodeRecord(encodeRecord({ ...record, problems: false }))).toEqual({ ...record, problems: false });
    const bare: RouteRecord = { ...record, reads: [], through: [], env: false, cacheKey: undefined, headers: undefined, params: undefined, problems: undefined, links: undefined };
    const line = encodeRecord(bare);
    expect(line).not.toMatch(/"rd"|"th"|"e"|"k"|"h"|"p"|"pb"|"lk"/);
    const { cacheKey, headers, params, problems, links, ...rest } = bare;
    expect(decodeRecord(line)).toEqual(rest);
  });

  it('are the line JSON.stringify writes of their short keys, whichever fields they have', () => {
    const text = fc.string({ unit: 'binary' });
    const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
    const records = fc.record({
      route: text,
      routeFile: text,
      code: text,
      reads: fc.array(fc.tuple(text, text), { maxLength: 3 }),
      through: fc.array(text, { maxLength: 3 }),
      network: fc.boolean(),
      env: fc.boolean(),
      cacheKey: maybe(text),
      params: maybe(fc.dictionary(text, text, { maxKeys: 2 })),
      problems: maybe(fc.constantFrom<RouteRecord['problems']>([{ code: 'INVALID_XML', element: 'rss', message: 'm' }], false)),
      links: maybe(fc.oneof(fc.constant(false as const), fc.record({ kind: fc.constant('data' as const), links: fc.array(text, { maxLength: 2 }) }))),
      mistake: maybe(text),
      file: text,
      status: fc.integer({ min: 100, max: 599 }),
      contentType: text,
      headers: maybe(fc.array(fc.tuple(text, text), { maxLength: 2 })),
      bytes: fc.nat(),
      ms: fc.double({ min: 0, max: 1e6, noNaN: true }),
      body: text,
      crc32: fc.nat({ max: 2 ** 32 - 1 }),
      stamp: fc.nat(),
    });
    fc.assert(
      fc.property(records, (r: RouteRecord) => {
        const { route, routeFile, code, reads, through, network, env, cacheKey, params, problems, links, mistake, file, status, contentType, headers, bytes, ms, body, crc32, stamp } = r;
        const short = { r: route, f: routeFile, c: code, rd: reads.length > 0 ? reads : undefined, th: through.length > 0 ? through : undefined, n: network || undefined, e: env || undefined, k: cacheKey, p: params, pb: problems, lk: links, m: mistake, o: file, s: status, t: contentType, h: headers, b: bytes, ms, bh: body, cr: crc32, st: stamp };
        expect(encodeRecord(r)).toBe(JSON.stringify(short));
      }),
    );
  });

  it('refuse a line that is not a record', () => {
    for (const line of ['', 'garbage', '{}', '[1]', encodeRecord(record).replace('"s":200', '"s":"200"'), encodeRecord(record).replace('"rd":[[', '"rd":[[1,'), JSON.stringify({ ...JSON.parse(encodeRecord(record)), b: -1 })]) {
      expect(() => decodeRecord(line), line).toThrow();
    }
  });
});
