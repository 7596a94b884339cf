import { closestName } from '../closest-name.ts';
import { errors } from '../errors.ts';
import { mistakes } from '../errors/mistakes.ts';
import type { KeyOrigin } from './key-origin.ts';

/**
 * The checks of config values, each throwing a CONFIG error that names the key, where it was set
 * (`origin`: the config file, or the options overriding it) and what it may be. The keys read through
 * `each` are all checked before one error says every mistake found (`done`): a config with three
 * typos takes one run to fix, not three.
 * @example configChecks(origin).optional('prerender.timeout', value, isPositiveInt, 'a whole number of milliseconds')
 */
export function configChecks(origin: KeyOrigin = () => undefined) {
  /** Throws the CONFIG error of `key`, whose value `got` is not `allowed`; `meant` is a value it was likely meant to be. */
  const fail = (key: string, allowed: string, got: unknown, meant?: unknown): never => {
    throw errors.configKey(key, allowed, got, origin(key), meant);
  };
  /** The mistakes `each` found, in the order the keys were read, said together by `done`. */
  const found = mistakes('the config', 'Fix each key named above.');
  /** The error of `key` (under `prefix`), which `known` lacks, naming the key meant: see checkKeys. */
  const unknownKey = (prefix: string, key: string, known: readonly string[], elsewhere: readonly string[]) => {
    // Named in full only for the error: a million route entries are checked without a string made.
    const full = known.map((name) => prefix + name);
    const meant = closestName(lastSegment(key), [...full, ...elsewhere], lastSegment) ?? full.find((name) => lastSegment(name) === otherNames.get(key));
    return errors.unknownConfigKey(prefix + key, full, origin(prefix + key), meant);
  };
  return {
    /** Where `key` was set, as errors name it. */
    origin,
    fail,
    /** What `read` returns, or `undefined` (the key's default then) when it finds a mistake, kept for `done`. */
    each: <T>(read: () => T): T | undefined => found.check(read),
    /** Throws the mistakes `each` kept: one as it is, more as one error listing them all. */
    done: (): void => found.throwIfAny(),
    /** `value` when it is `valid`, `undefined` when unset; `meant` gives the value a wrong one was likely meant to be (named when valid). */
    optional<T>(key: string, value: unknown, valid: (v: unknown) => boolean, allowed: string, meant?: (v: unknown) => unknown): T | undefined {
      if (value === undefined) return undefined;
      if (!valid(value)) {
        const guess = meant?.(value);
        fail(key, allowed, value, guess !== undefined && valid(guess) ? guess : undefined);
      }
      return value as T;
    },
    /** `value` when it is one of `choices`, `undefined` when unset; a string spelt like one is named as meant. */
    /** `meantOf`: the choice a wrong string was likely meant to be (one spelt alike, unless given). */
    oneOf<T extends string>(key: string, value: unknown, choices: readonly T[], allowed = choices.join(' | '), meantOf = (given: string): T | undefined => closestName(given, choices)): T | undefined {
      if (value === undefined || choices.includes(value as T)) return value as T | undefined;
      return fail(key, allowed, value, typeof value === 'string' ? meantOf(value) : undefined);
    },
    /** `value` as an object of keys, when it is a plain object; `meant`: what it was likely meant to be. */
    objectAt(key: string, value: unknown, allowed = 'an object', meant?: unknown): Record<string, unknown> {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(key, allowed, value, meant);
      return value as Record<string, unknown>;
    },
    /**
     * Throws for the first key of `object` (under `prefix`) that `known` lacks, suggesting the key
     * meant: one of `known` spelt alike, else one of `elsewhere` (a key of another level, such as
     * `concurrency` written at the top instead of inside `prerender`), compared by last segment.
     */
    checkKeys(prefix: string, object: object, known: readonly string[], elsewhere: readonly string[] = []): void {
      for (const key of Object.keys(object)) if (!known.includes(key)) throw unknownKey(prefix, key, known, elsewhere);
    },
    /** {@link checkKeys}, every unknown key kept for `done` rather than the first thrown. */
    eachKey(prefix: string, object: object, known: readonly string[], elsewhere: readonly string[] = []): void {
      for (const key of Object.keys(object)) if (!known.includes(key)) found.add(unknownKey(prefix, key, known, elsewhere));
    },
  };
}

/** The checks {@link configChecks} makes. */
export type ConfigChecks = ReturnType<typeof configChecks>;

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** What other tools call a key (a route entry's `path` or `url` is its `route`), where spelling finds nothing alike. */
const otherNames = new Map([
  ['path', 'route'],
  ['url', 'route'],
  ['href', 'route'],
  // The sitemap package's and Nuxt's name for the site's address.
  ['hostname', 'host'],
  ['siteUrl', 'host'],
]);
