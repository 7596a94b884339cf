import { describe, expect, it } from 'vitest';
import { configChecks } from '../../src/config/config-checks.ts';
import { resolveCompress } from '../../src/config/resolve-compress.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { hasZstd } from '../../src/compress/encode.ts';
import { catchError } from '../support/catch-error.ts';
import { tempDir } from '../support/helpers.ts';

describe('compress in the config (SPEC section 3)', () => {
  it('is off by default', async () => {
    expect((await resolveConfig({}, tempDir())).compress).toEqual([]);
  });

  it.each<[value: unknown, zstd: boolean, codings: string[]]>([
    [false, true, []],
    [true, true, ['br', 'zstd', 'gzip']],
    // On a Node without zstd (20), true means brotli and gzip.
    [true, false, ['br', 'gzip']],
    [['gzip', 'br'], true, ['br', 'gzip']],
    [['gzip', 'gzip'], false, ['gzip']],
    [['zstd'], true, ['zstd']],
    [[], true, []],
  ])('%j (zstd: %j) writes %j, in the servers order', (value, zstd, codings) => {
    expect(resolveCompress(value, zstd)).toEqual(codings);
  });

  it.each<[value: unknown, key: string]>([
    ['br', '"compress"'],
    [1, '"compress"'],
    [{ br: true }, '"compress"'],
    [['br', 'deflate'], '"compress[1]"'],
    [[true], '"compress[0]"'],
  ])('%j is a CONFIG error naming %s', async (value, key) => {
    const error = await catchError(() => resolveConfig({ compress: value }, tempDir()));
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(key);
  });

  it.each<[value: unknown, key: string, got: string, meant: string]>([
    [['brotli'], 'compress[0]', '"brotli"', '"br"'],
    [['br', 'GZIP'], 'compress[1]', '"GZIP"', '"gzip"'],
    [['gz'], 'compress[0]', '"gz"', '"gzip"'],
    [['zstandard'], 'compress[0]', '"zstandard"', '"zstd"'],
    [['gzpi'], 'compress[0]', '"gzpi"', '"gzip"'],
    ['br', 'compress', '"br"', '["br"]'],
    ['brotli', 'compress', '"brotli"', '["br"]'],
    ['true', 'compress', '"true"', 'true'],
  ])('%j is told the value meant', async (value, key, got, meant) => {
    const root = tempDir();
    const error = await catchError(() => resolveConfig({ compress: value }, root));
    expect(error.message).toBe(`Config key "${key}" must be ${key === 'compress' ? "true, false, or a list of 'br', 'gzip' and 'zstd'" : "'br', 'gzip' or 'zstd'"}, got ${got}; did you mean ${meant}?`);
  });

  it('every wrong item of the list is named in one run, each with the coding meant', async () => {
    const error = await catchError(() => resolveConfig({ compress: ['br', 'gz', 'zst'] }, tempDir()));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('Config key "compress[1]" must be \'br\', \'gzip\' or \'zstd\', got "gz"; did you mean "gzip"?');
    expect(error.message).toContain('Config key "compress[2]" must be \'br\', \'gzip\' or \'zstd\', got "zst"; did you mean "zstd"?');
  });

  it("a list item nothing like a coding is told what may be there, with no guess", async () => {
    const error = await catchError(() => resolveConfig({ compress: ['deflate'] }, tempDir()));
    expect(error.message).toBe(`Config key "compress[0]" must be 'br', 'gzip' or 'zstd', got "deflate".`);
  });

  it('asking for zstd on a Node without it is a CONFIG error naming the key and the Node versions that have it', async () => {
    const error = await catchError(() => Promise.resolve().then(() => resolveCompress(['br', 'zstd'], false)));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toBe(`Config key "compress" asks for 'zstd', which needs Node 22.15 or 23.8 and later; this is Node ${process.versions.node}.`);
    expect(error.hint).toContain("leave 'zstd' out");
  });

  it('names the config file that asks for zstd', async () => {
    const error = await catchError(() => Promise.resolve().then(() => resolveCompress(['zstd'], false, configChecks(() => 'prerender.config.ts'))));
    expect(error.message).toMatch(/^Config key "compress" in prerender\.config\.ts asks for 'zstd'/);
  });

  it.runIf(!hasZstd)('on this Node (no zstd), the config asking for it is refused', async () => {
    const error = await catchError(() => resolveConfig({ compress: ['zstd'] }, tempDir()));
    expect(error.code).toBe('CONFIG');
  });

  it.runIf(hasZstd)('on this Node (zstd), true includes it', async () => {
    expect((await resolveConfig({ compress: true }, tempDir())).compress).toEqual(['br', 'zstd', 'gzip']);
  });
});
