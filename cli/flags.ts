import { PrerenderError } from '../src/index.ts';

/** A flag's value as a whole number above 0, or a usage error naming the flag. */
export function positiveInteger(name: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new PrerenderError('USAGE', `${name} must be a whole number above 0, got ${JSON.stringify(value)}.`);
  }
  return number;
}
