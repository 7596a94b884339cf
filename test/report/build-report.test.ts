/** The build's closing line and its count words: `1 route ok`, `2 routes ok`, never `1 routes ok`. */
import { describe, expect, it } from 'vitest';
import { createReport, formatSummary } from '../../src/report/build-report.ts';
import type { Warning } from '../../src/warnings.ts';

const tally = (ok: number, failed: number, retries = 0) => ({
  ok,
  bytes: 10,
  retries,
  retried: [],
  failures: Array.from({ length: failed }, (_, i) => ({ route: `/r${i}`, status: 500, error: 'boom' })),
  crawled: 0,
});

describe('formatSummary', () => {
  it.each([
    [1, 0, 0, 0, '1 route ok, 0 failed, 1 file, 10 B of route bodies in 0.00s -> /d'],
    [2, 1, 1, 1, '2 routes ok, 1 failed, 1 retry, 3 files, 10 B of route bodies in 0.00s -> /d'],
    [0, 0, 0, 0, '0 routes ok, 0 failed, 0 files, 10 B of route bodies in 0.00s -> /d'],
  ])('%i ok, %i failed, %i extra files, %i retries', (ok, failed, extra, retries, line) => {
    expect(formatSummary(createReport('site', '/d', tally(ok, failed, retries), extra, 0))).toBe(line);
  });

  it.each([
    [1, '1 route ok, 0 failed, 2 files and 1 copied from publicDir, 10 B of route bodies in 0.00s -> /d'],
    [12, '1 route ok, 0 failed, 2 files and 12 copied from publicDir, 10 B of route bodies in 0.00s -> /d'],
  ])('counts the files copied from publicDir (%i) beside those the build wrote', (copied, line) => {
    const report = createReport('site', '/d', tally(1, 0), 1, 0, [], copied);
    expect(report.copied).toBe(copied);
    expect(formatSummary(report)).toBe(line);
  });

  it.each([
    [[], '1 route ok, 0 failed, 1 file, 10 B of route bodies in 0.00s -> /d'],
    [['INVALID_JSON'], '1 route ok, 0 failed, 1 warning, 1 file, 10 B of route bodies in 0.00s -> /d'],
    [['INVALID_JSON', 'UNTYPED_FILE'], '1 route ok, 0 failed, 2 warnings, 1 file, 10 B of route bodies in 0.00s -> /d'],
  ])('counts the warnings printed above it (%j): a log read from its end shows them', (codes, line) => {
    const warnings = codes.map((code) => ({ code, message: 'm' }) as Warning);
    expect(formatSummary(createReport('site', '/d', tally(1, 0), 0, 0, warnings))).toBe(line);
  });
});
