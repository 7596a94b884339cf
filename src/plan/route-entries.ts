/**
 * A route file's `entries` export: a function (sync or async) listing the URLs of that file to
 * prerender, as parameter objects (`{ id: '1' }`) or paths (`'/api/users/1'`). The build calls every
 * one once, after loading the bundle and before prerendering, so every shard lists the same routes.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import type { CheckedSitemapFields, PrerenderRoute, SitemapFields } from '../config/types.ts';
import { configChecks } from '../config/config-checks.ts';
import { resolveSitemapFields, shareFields, type SharedFields } from '../config/resolve-routes.ts';
import { errors, messageOf, PrerenderError } from '../errors.ts';
import { counted } from '../plural.ts';
import { settleWithin } from '../settle-within.ts';
import { parseRouteSegments } from '../output/route-to-file.ts';
import { routeUrl } from '../prerender/render-route.ts';
import { createRouteFinder, type RouteFinder } from '../routes/route-finder.ts';
import { fillPattern, patternParams } from '../routes/route-pattern.ts';
import type { RuntimeRoute } from '../runtime/index.ts';

/** The parameters of one URL by name: values as they are, not percent-encoded; a catch-all's may hold `/`. */
export type RouteParams<Param extends string = string> = { [name in Param]: string };

/**
 * One URL a route file's `entries` lists: its parameters, or a path starting with `/` that the file
 * serves; or either with a `sitemap` option as `prerender.routes` takes it (RouteEntry): `false` leaves
 * it out of the sitemap, fields set its `lastmod`, `changefreq`, `priority`.
 * @example { slug: 'hello' }
 * @example { params: { slug: 'draft' }, sitemap: false }
 * @example { route: '/api/posts/news.json', sitemap: { changefreq: 'daily', priority: 0.8 } }
 */
export type RouteEntriesItem<Param extends string = string> =
  | string
  | RouteParams<Param>
  | { params: RouteParams<Param>; sitemap?: false | SitemapFields }
  | { route: string; sitemap?: false | SitemapFields };

/**
 * The type of a route file's `entries` export: a function (sync or async) returning the URLs of that
 * file to prerender, in addition to `prerender.routes`.
 * @example
 * // src/server/routes/api/posts/[slug].json.ts
 * export const entries: RouteEntries<'slug'> = async () => (await listPosts()).map((post) => ({ slug: post.slug }));
 */
export type RouteEntries<Param extends string = string> = () =>
  | readonly RouteEntriesItem<Param>[]
  | Promise<readonly RouteEntriesItem<Param>[]>;

/** What {@link listRouteEntries} found: the routes, and how many files listed them. */
export interface ListedEntries {
  routes: PrerenderRoute[];
  files: number;
  /** The route files (from the site root) whose `entries` returned an empty list, and the route of each. */
  empty: { file: string; route: string }[];
}

/** Runs `list`, the call of the `entries` of the route file `file` (as the route table names it), with what it reaches noted (the cache's). */
export type EntriesTracking = (file: string, list: () => Promise<unknown>) => Promise<unknown>;

/** Routes listed by `entries` carry no sitemap fields; one shared object for them all. */
const noFields: CheckedSitemapFields = Object.freeze({});

/**
 * Calls the `entries` of every route file in the bundle's table that exports one (all at once: they
 * may wait on a CMS), and turns what each returns into routes, in table order. Throws ROUTE_ENTRIES
 * naming the file (the first in table order) when an `entries` is not a function, throws, returns no
 * array, does not settle within `timeout` ms (prerender.timeout), or lists an entry that is malformed
 * or makes a URL the build cannot write.
 */
export async function listRouteEntries(table: RuntimeRoute[], site: RouteFiles, timeout: number, track: EntriesTracking = (_file, list) => list()): Promise<ListedEntries> {
  const rows = table.filter((row) => row.entries !== undefined);
  for (const row of rows) checkExport(row, siteFile(site, row.file));
  const listing = (row: RuntimeRoute) => track(row.file, () => Promise.resolve().then(row.entries as () => unknown));
  const settled = await Promise.allSettled(rows.map((row) => settleWithin(listing(row), timeout, () => errors.entriesTimedOut(siteFile(site, row.file), timeout))));
  const routes: PrerenderRoute[] = [];
  const empty: ListedEntries['empty'] = [];
  // The lists are the build's alone: routes with the same sitemap fields share one object of them.
  const share = shareFields();
  for (const [i, row] of rows.entries()) {
    const file = siteFile(site, row.file);
    const outcome = settled[i];
    if (outcome.status === 'rejected') throw outcome.reason instanceof PrerenderError ? outcome.reason : errors.entriesFailed(file, outcome.reason);
    const list = outcome.value;
    if (!Array.isArray(list)) {
      throw errors.routeEntries(file, `exports entries, which returned ${show(list)}, not an array`, `Return an array of parameter objects or paths from entries, such as [${example(row.path)}].`);
    }
    if (list.length === 0) empty.push({ file, route: row.path });
    const hasShape = shapeCheck(row);
    const refused = refusedEntries();
    // Only a path waits (for the router to say its shape): a million parameter objects make a million routes, no promise each.
    for (const item of list) {
      try {
        const entry = listedEntry(item, row.path, file, hasShape, share);
        routes.push(entry instanceof Promise ? await entry : entry);
      } catch (error) {
        refused.add(error, item);
      }
    }
    refused.throwIfAny();
  }
  return { routes, files: rows.length, empty };
}

/** Entries of one list named past the first refused. */
const refusedShown = 3;

/**
 * The entries of one file's list that cannot be prerendered: the error of the first, which says why
 * and the fix, and after it how many more there are and the next few, so a list with several
 * mistakes is fixed in one go, not one build per entry.
 */
function refusedEntries() {
  let first: PrerenderError | undefined;
  const next: string[] = [];
  let more = 0;
  return {
    add(error: unknown, item: unknown): void {
      if (!(error instanceof PrerenderError) || error.code !== 'ROUTE_ENTRIES') throw error;
      if (first === undefined) first = error;
      else if (more++ < refusedShown) next.push(show(item));
    },
    throwIfAny(): void {
      if (first === undefined) return;
      if (more === 0) throw first;
      const rest = more > next.length ? ` and ${more - next.length} more` : '';
      throw errors.moreEntriesRefused(first, `${counted(more, 'more entry', 'more entries')} of the list cannot be prerendered either: ${next.join(', ')}${rest}.`);
    },
  };
}

/** An `entries` that is not a function, or on a file the prerender's GET cannot reach, is refused. */
function checkExport(row: RuntimeRoute, file: string): void {
  if (typeof row.entries !== 'function') {
    throw errors.routeEntries(file, `exports entries as ${show(row.entries)}, not a function`, `Export a function (it may be async): export function entries() { return [${example(row.path)}]; }`);
  }
  if (row.method !== '' && row.method !== 'GET') {
    throw errors.routeEntries(file, `exports entries, but it answers ${row.method} only and the prerender requests GET`, `Export entries from the file that answers GET for ${row.path}.`);
  }
}

/** Keys of an entry given with its sitemap option: `{ params | route, sitemap }`. */
const entryKeys = ['params', 'route', 'sitemap'];

/**
 * The route one item of a file's entries makes, with its sitemap fields, listed by `file`; throws
 * ROUTE_ENTRIES naming the file and the item. An object is `{ params | route, sitemap }` when it has
 * one of those keys that is not a parameter of the file (`[route].ts` keeps `{ route: 'x' }` a
 * parameter object). A promise only for a path, whose shape the router is asked.
 */
function listedEntry(item: unknown, pattern: string, file: string, hasShape: (route: string) => Promise<boolean>, share: SharedFields): PrerenderRoute | Promise<PrerenderRoute> {
  const refuse = (reason: string, hint: string) => errors.routeEntries(file, `lists the entry ${show(item)} in its entries, which cannot be prerendered: ${reason}`, hint);
  const names = patternParams(pattern);
  const entry = item as Record<string, unknown>;
  const wrapped = typeof item === 'object' && item !== null && !Array.isArray(item) && entryKeys.some((key) => Object.hasOwn(item, key) && !names.includes(key));
  const listed = (route: string, sitemap: false | CheckedSitemapFields): PrerenderRoute => ({ route, sitemap, listedBy: file });
  if (!wrapped) return then(entryRoute(item, pattern, hasShape, refuse), (route) => listed(route, noFields));
  const form = `Give { params: ${example(pattern)}, sitemap } or { route: '/path', sitemap }, where sitemap is false or { lastmod, changefreq, priority }.`;
  const extra = Object.keys(entry).filter((key) => !entryKeys.includes(key));
  if (extra.length > 0) throw refuse(`an entry given as { params | route, sitemap } has no key ${extra.map((key) => `"${key}"`).join(', ')}`, form);
  const hasParams = Object.hasOwn(entry, 'params');
  if (hasParams === Object.hasOwn(entry, 'route')) throw refuse(`an entry given as { params | route, sitemap } gives ${hasParams ? 'both params and route' : 'neither params nor route'}`, form);
  const target = hasParams ? entry.params : entry.route;
  if (hasParams && (typeof target !== 'object' || target === null || Array.isArray(target))) throw refuse(`its params is ${show(target)}, not an object of parameters`, form);
  if (!hasParams && typeof target !== 'string') throw refuse(`its route is ${show(target)}, not a path string`, form);
  return then(entryRoute(target, pattern, hasShape, refuse), (route) => listed(route, entrySitemap(entry.sitemap, refuse, share)));
}

/** `use` of `value`, at once unless it is a promise. */
const then = <T, U>(value: T | Promise<T>, use: (value: T) => U): U | Promise<U> => (value instanceof Promise ? value.then(use) : use(value));

/** An entry's `sitemap` option, checked as `prerender.routes` checks a route's. */
function entrySitemap(value: unknown, refuse: (reason: string, hint: string) => PrerenderError, share: SharedFields): false | CheckedSitemapFields {
  if (value === undefined) return noFields;
  if (value === false) return false;
  try {
    return resolveSitemapFields(value, 'sitemap', configChecks(), share);
  } catch (error) {
    throw refuse(`its sitemap is not valid: ${messageOf(error).replace(/\.$/, '')}`, 'Give sitemap false, or { lastmod, changefreq, priority } as prerender.routes takes them: a W3C date, a changefreq word of the sitemap protocol, a priority from 0 to 1.');
  }
}

/**
 * The route an entry's parameters or path make (a promise for a path, whose shape the router is
 * asked); `refuse` makes the error naming the file and the item.
 */
function entryRoute(item: unknown, pattern: string, hasShape: (route: string) => Promise<boolean>, refuse: (reason: string, hint: string) => PrerenderError): string | Promise<string> {
  const unwritable = 'Leave out values that cannot be file names (".", "..", a leading dot, control characters, : * ? " < > |), or serve those URLs from the API routes.';
  if (typeof item === 'string') {
    const hint = `Return paths starting with "/" that this file serves (${pattern}), or parameter objects such as ${example(pattern)}.`;
    const parsed = parseRouteSegments(item);
    if ('problem' in parsed) throw refuse(parsed.problem, item.startsWith('/') && !/[?#]/.test(item) ? unwritable : hint);
    return hasShape(item).then((shaped) => {
      if (!shaped) throw refuse(`the file serves ${pattern}, and this path has another shape`, hint);
      return item;
    });
  }
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw refuse('an entry is a parameter object or a path string', `Return parameter objects such as ${example(pattern)}, or paths starting with "/".`);
  }
  const filled = fillPattern(pattern, item as Record<string, unknown>);
  if ('problem' in filled) {
    const catchAll = pattern.includes('**') ? '; the catch-all takes "/" between segments ("guide/intro")' : '';
    throw refuse(filled.problem, `Give each entry a string for exactly the parameters the file name declares, such as ${example(pattern)}${catchAll}.`);
  }
  const parsed = parseRouteSegments(filled.route);
  if ('problem' in parsed) throw refuse(`it makes the route ${filled.route}, and ${parsed.problem}`, unwritable);
  return filled.route;
}

/**
 * Whether a path has the shape of `row`'s file: the runtime's router, given that file alone, routes a
 * GET of it there (whichever file the whole table prefers for it).
 */
function shapeCheck(row: RuntimeRoute): (route: string) => Promise<boolean> {
  let find: RouteFinder | undefined;
  return async (route) => (await (find ??= createRouteFinder([row]))(new Request(routeUrl(route)))) === row.file;
}

/** An entry of `pattern` to show in a hint: `{ id: '1' }`, or `{}` for a file without parameters. */
function example(pattern: string): string {
  const names = patternParams(pattern);
  return names.length === 0 ? '{}' : `{ ${names.map((name) => `${name}: '1'`).join(', ')} }`;
}

/** A value as a message shows it: JSON where it can be, cut short. */
function show(value: unknown): string {
  let text: string | undefined;
  try {
    text = typeof value === 'function' ? 'a function' : JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: its plain string form says enough.
  }
  text ??= String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
