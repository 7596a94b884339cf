/** What a value is, in words for a message: the one description every error about a wrong value uses. */

/**
 * A value described for a message: `null`, `undefined`, `a string ("x")`, `a number (2)`, `an array`,
 * `a function`, `an object` (a plain one), `a Promise`, or the class of any other object (`a Map`).
 * @example kindOf(new Map()) // 'a Map'
 * @example kindOf(2) // 'a number (2)'
 */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  if (type === 'string') return `a string (${JSON.stringify(value)})`;
  if (type === 'number' || type === 'boolean') return `a ${type} (${String(value)})`;
  if (type !== 'object') return withArticle(type);
  if (isPlainObject(value)) return 'an object';
  if (value instanceof Promise) return 'a Promise';
  const name = (value as object).constructor?.name;
  return typeof name === 'string' && name !== '' ? withArticle(name) : 'an object of a class';
}

/** An object literal (or one made with `Object.create(null)`), not an instance of a class such as Map. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const withArticle = (noun: string) => `${/^[aeiouAEIOU]/.test(noun) ? 'an' : 'a'} ${noun}`;
