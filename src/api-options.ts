/**
 * The options objects of the library's functions (`build()`, `apiRoutes()`), checked as config keys
 * are. A JavaScript caller, or a vite.config.ts no type check reads, passes a string where the object
 * goes (`build('my-site')`), a config key beside the options (`build({ preset: 'netlify' })`) or a
 * flag's text (`shard: '1/2'`): each was ignored or misread, giving a build of something else, exit 0.
 */
import { closestName } from './closest-name.ts';
import { topKeys } from './config/config-keys.ts';
import { errors } from './errors.ts';
import { isShard } from './shard/shard.ts';
import { isPlainObject, kindOf } from './value-kind.ts';

/** Checks of an option's value: `undefined` when it is right, else what it must be. */
type ValueCheck = (value: unknown) => string | undefined;

/**
 * Throws USAGE for `options` of `fn` that is no object, a key not among `checks` (with the one meant,
 * or where a config key goes), or a value its check refuses. `example` shows a right call.
 */
export function checkOptions(fn: string, options: unknown, checks: Record<string, ValueCheck>, example: string): void {
  if (options === undefined) return;
  if (!isPlainObject(options)) throw errors.usage(`${fn} takes an options object, got ${kindOf(options)}.`, `Call it as ${example}.`);
  const keys = Object.keys(checks);
  for (const [key, value] of Object.entries(options)) {
    const check = checks[key];
    if (check === undefined) {
      // Spelt alike, else the one option a shorter name ends (`prefix` for `apiPrefix`).
      const endingIn = keys.filter((name) => name.toLowerCase().endsWith(key.toLowerCase()));
      const meant = closestName(key, keys) ?? (endingIn.length === 1 ? endingIn[0] : undefined);
      const config = (topKeys as readonly string[]).includes(key);
      throw errors.usage(
        `Unknown option "${key}" of ${fn}${meant ? `; did you mean "${meant}"?` : config ? ': it is a key of the site config.' : '.'}`,
        meant ? `Pass ${meant} instead.` : config ? configHint(fn, key) : `The options are ${keys.join(', ')}.`,
      );
    }
    const wrong = value === undefined ? undefined : check(value);
    if (wrong !== undefined) throw errors.usage(`Option "${key}" of ${fn} must be ${wrong}, got ${kindOf(value)}.`, `Give ${key} ${wrong}.`);
  }
}

/** Where a config key given as an option of `fn` goes. */
function configHint(fn: string, key: string): string {
  return fn === 'build()' ? `Put it under config: build({ config: { ${key}: ... } }), or in prerender.config.ts.` : `Put it in prerender.config.ts, which ${fn} reads.`;
}

/** The methods of a logger (log.ts Logger) a build calls. */
const loggerMethods = ['info', 'warn', 'error', 'progress'];

/** The value checks options share. */
export const is = {
  string: (value: unknown) => (typeof value === 'string' ? undefined : 'a string'),
  boolean: (value: unknown) => (typeof value === 'boolean' ? undefined : 'true or false'),
  function: (value: unknown) => (typeof value === 'function' ? undefined : 'a function'),
  /** What a build and the servers call of a logger (log.ts Logger): a method missing failed mid-build, a raw TypeError. */
  logger: (value: unknown) =>
    typeof value === 'object' && value !== null && loggerMethods.every((name) => typeof (value as Record<string, unknown>)[name] === 'function')
      ? undefined
      : `a logger: an object with ${loggerMethods.join(', ').replace(/, (?=\w+$)/, ' and ')} methods (createLogger() makes one)`,
  fileOrFalse: (value: unknown) => (typeof value === 'string' || value === false ? undefined : 'a file path (a string) or false'),
  config: (value: unknown) => (isPlainObject(value) ? undefined : 'the config object ({ prerender: { routes: [...] } }); a config file is named by configFile'),
  signal: (value: unknown) => (value instanceof AbortSignal ? undefined : 'an AbortSignal (new AbortController().signal)'),
  shard: (value: unknown) => (isPlainObject(value) && isShard(value) ? undefined : "{ index, count } with 1 <= index <= count (parseShard('1/2') makes one from the flag's text)"),
  routes: (value: unknown) => (Array.isArray(value) || typeof value === 'function' ? undefined : 'an array of routes or a function giving one'),
  folders: (value: unknown) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : 'an array of folder paths (strings)'),
  /** A port or a byte count: a number, or a flag's text (checked where it is used, naming the flag). */
  numberOrText: (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? undefined : 'a whole number'),
} satisfies Record<string, ValueCheck>;
