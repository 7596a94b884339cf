import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../src/closest-name.ts';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'build', 5],
    ['build', 'build', 0],
    ['bild', 'build', 1],
    ['biuld', 'build', 1],
    ['buidl', 'build', 1],
    ['dve', 'dev', 1],
    ['concurency', 'concurrency', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
  ])('%j -> %j: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('is zero only for equal strings and never more than the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const distance = editDistance(a, b);
        expect(distance === 0).toBe(a === b);
        expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['/api/helo', '/api/hello', 1],
    ['/hello', '/api/hello', 4],
    ['flaw', 'lawn', 2],
  ])('%j -> %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('stops past a limit, answering limit + 1', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(editDistance('/api/helo', '/api/hello', 2)).toBe(1);
  });
});

describe('closestName', () => {
  const commands = ['build', 'dev', 'preview', 'merge'];

  it.each([
    ['bild', 'build'],
    ['biuld', 'build'],
    ['BUILD', 'build'],
    ['dve', 'dev'],
    ['preveiw', 'preview'],
    ['merg', 'merge'],
    ['frobnicate', undefined],
    ['x', undefined],
    ['serve', undefined],
  ])('%s -> %s', (name, suggestion) => {
    expect(closestName(name, commands)).toBe(suggestion);
  });

  it('compares what nameOf gives and returns the candidate; the earlier one wins a tie', () => {
    const keys = ['name', 'prerender.concurrency', 'prerender.timeout'];
    expect(closestName('concurency', keys, (key) => key.split('.').at(-1)!)).toBe('prerender.concurrency');
    expect(closestName('came', ['game', 'name'])).toBe('game');
    expect(closestName('came', ['name', 'game'])).toBe('name');
  });
});
