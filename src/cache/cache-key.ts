/**
 * A route file's `cacheKey` export (SPEC section 3): a function of `{ route, params }` returning a
 * string, or a promise of one, that names the version of the data the route reads. The build asks it
 * for every route of the file before deciding whether to render (cache/reuse.ts). A key that cannot be
 * had fails the route, with a message naming the file: its output can be neither reused nor trusted.
 */
import { messageOf } from '../errors.ts';
import { settleWithin } from '../settle-within.ts';

/** What a `cacheKey` is asked with. */
export interface CacheKeyInput<Param extends string = string> {
  /** The route, as listed (`/api/posts/hello.json`). */
  route: string;
  /** The parameters its handler sees (`{ slug: 'hello' }`). */
  params: { [name in Param]: string };
}

/**
 * The type of a route file's `cacheKey` export: for a route of the file, a string naming the version
 * of the data the route reads (a CMS entry's `updatedAt`, a revision). While it is the same, the build
 * reuses the route's file, though the route reached the network or the environment.
 * @example
 * // src/server/routes/api/posts/[slug].json.ts
 * export const cacheKey: RouteCacheKey<'slug'> = async ({ params }) => (await fetchPost(params.slug)).updatedAt;
 */
export type RouteCacheKey<Param extends string = string> = (input: CacheKeyInput<Param>) => string | Promise<string>;

/**
 * What `cacheKey` (the export of the route file `file`, from the site root) says for `input`, within
 * `timeout` ms; throws an Error whose message says what went wrong.
 */
export async function askCacheKey(cacheKey: unknown, file: string, input: CacheKeyInput, timeout: number): Promise<string> {
  const named = `the cacheKey function of ${file}`;
  if (typeof cacheKey !== 'function') throw new Error(`${file} exports cacheKey as ${describe(cacheKey)}, not a function of { route, params } returning a string`);
  let key: unknown;
  try {
    key = await settleWithin(Promise.resolve().then(() => (cacheKey as (input: CacheKeyInput) => unknown)({ route: input.route, params: { ...input.params } })), timeout, () => new TimedOut());
  } catch (error) {
    if (error instanceof TimedOut) throw new Error(`${named} did not settle within ${timeout} ms (prerender.timeout)`);
    throw new Error(`${named} threw: ${messageOf(error)}`);
  }
  if (typeof key !== 'string') throw new Error(`${named} returned ${describe(key)} for ${input.route}, not a string`);
  return key;
}

class TimedOut extends Error {}

const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `${typeof value === 'undefined' ? 'undefined' : `the ${typeof value} ${String(value)}`}`);
