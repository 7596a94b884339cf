import { closestName } from '../closest-name.ts';
import { errors, type PrerenderError } from '../errors.ts';

/**
 * The CONFIG error for a key a config object does not have, suggesting the key meant: one of `known`
 * (the keys of that object, as full paths) spelt alike, else one of `elsewhere` (a key of another
 * level, such as `concurrency` written at the top instead of inside `prerender`). Keys are compared
 * by their last segment.
 * @example unknownKey('concurency', ['name', 'prerender'], ['prerender.concurrency']).message // 'Unknown config key "concurency"; did you mean "prerender.concurrency"? ...'
 */
export function unknownKey(key: string, known: readonly string[], elsewhere: readonly string[] = []): PrerenderError {
  return errors.unknownConfigKey(key, known, closestName(lastSegment(key), [...known, ...elsewhere], lastSegment));
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);
