/**
 * The manifest's entries (src/output/manifest.ts): one line per route, spelled as JSON.stringify
 * spells the entry's fields in their order, so that two builds of one input write the same bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manifestLine, manifestName, readManifest, readManifestHead, writeManifest, type ManifestEntry } from '../../src/output/manifest.ts';
import { tempDir } from '../support/helpers.ts';

describe('manifestLine', () => {
  it('is JSON.stringify of the entry in the manifest order, whichever fields it has', () => {
    const text = fc.string({ unit: 'binary' });
    const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
    const entries = fc.record({
      route: text,
      foundOn: maybe(text),
      listedBy: maybe(text),
      file: text,
      status: fc.integer({ min: 200, max: 299 }),
      contentType: text,
      headers: maybe(fc.array(fc.tuple(text, text), { maxLength: 2 })),
      bytes: fc.nat(),
      encodings: maybe(fc.record({ br: fc.nat(), gzip: fc.nat() })),
      ms: fc.double({ min: 0, max: 1e6, noNaN: true }),
    });
    fc.assert(
      fc.property(entries, (entry: ManifestEntry) => {
        const { route, foundOn, listedBy, file, status, contentType, headers, bytes, encodings, ms } = entry;
        expect(manifestLine(entry)).toBe(JSON.stringify({ route, foundOn, listedBy, file, status, contentType, headers, bytes, encodings, ms }));
        expect(JSON.parse(manifestLine(entry))).toEqual(JSON.parse(JSON.stringify(entry)));
      }),
    );
  });
});

describe('the manifest head', () => {
  it('records the preset and the config file read before the routes, read back without them', async () => {
    const dir = tempDir('manifest-');
    const entry = { route: '/api/a.json', file: 'api/a.json', status: 200, contentType: 'application/json', bytes: 2, ms: 1 };
    await writeManifest(dir, { preset: 'netlify', config: 'prerender.config.ts' }, [entry]);
    const path = join(dir, manifestName);
    expect(readFileSync(path, 'utf8')).toBe(`{\n  "version": 1,\n  "preset": "netlify",\n  "config": "prerender.config.ts",\n  "routes": [\n    ${manifestLine(entry)}\n  ]\n}\n`);
    expect(readManifestHead(path)).toEqual({ preset: 'netlify', config: 'prerender.config.ts' });
    expect(await readManifest(dir)).toEqual([entry]);
  });
});
