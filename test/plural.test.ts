/** Counts with their noun in the right number (src/plural.ts): `1 route`, `2 routes`, never `1 routes`. */
import { describe, expect, it } from 'vitest';
import { counted, countedWide } from '../src/plural.ts';

describe('counted', () => {
  it.each([
    [0, 'route', undefined, '0 routes'],
    [1, 'route', undefined, '1 route'],
    [2, 'route file', undefined, '2 route files'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
    [1000, 'item', undefined, '1000 items'],
  ])('%i %s', (count, noun, many, text) => {
    expect(counted(count, noun, many)).toBe(text);
  });
});

describe('countedWide', () => {
  it.each([
    [0, 'route', undefined, '0 routes'],
    [1, 'route', undefined, '1 route'],
    [999, 'file', undefined, '999 files'],
    [1000, 'entry', 'entries', '1,000 entries'],
    [100_000, 'route', undefined, '100,000 routes'],
    [1_234_567, 'error', undefined, '1,234,567 errors'],
  ])('%i %s', (count, noun, many, text) => {
    expect(countedWide(count, noun, many)).toBe(text);
  });
});
