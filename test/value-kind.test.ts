/** What a value is, in words for a message (src/value-kind.ts): the one description every error about a wrong value uses. */
import { describe, expect, it } from 'vitest';
import { isPlainObject, kindOf } from '../src/value-kind.ts';

class Item {}
const anonymous = new (class {})();
Object.defineProperty(anonymous.constructor, 'name', { value: '' });

describe('kindOf', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['x', 'a string ("x")'],
    ['', 'a string ("")'],
    [2, 'a number (2)'],
    [Number.NaN, 'a number (NaN)'],
    [true, 'a boolean (true)'],
    [[1], 'an array'],
    [() => 1, 'a function'],
    [1n, 'a bigint'],
    [Symbol('s'), 'a symbol'],
    [{ a: 1 }, 'an object'],
    [Object.create(null), 'an object'],
    [Promise.resolve(1), 'a Promise'],
    [new Map(), 'a Map'],
    [new Item(), 'an Item'],
    [new Date(0), 'a Date'],
    [anonymous, 'an object of a class'],
  ])('%o is %s', (value, words) => {
    expect(kindOf(value)).toBe(words);
  });
});

describe('isPlainObject', () => {
  it('holds for object literals and objects without a prototype, not for instances, arrays or null', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isPlainObject)).toEqual([true, true, true]);
    expect([new Item(), new Map(), [], null, 'x', () => 1].map(isPlainObject)).toEqual([false, false, false, false, false, false]);
  });
});
