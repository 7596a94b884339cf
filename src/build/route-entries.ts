/**
 * A route file's `entries` export: a function (sync or async) listing the URLs of that file to
 * prerender, as parameter objects (`{ id: '1' }`) or paths (`'/api/users/1'`). The build calls every
 * one once, after loading the bundle and before prerendering, so every shard lists the same routes.
 */
import { siteFile, type RouteFiles } from '../bundle/load-bundle.ts';
import type { PrerenderRoute, SitemapFields } from '../config/types.ts';
import { errors, PrerenderError } from '../errors.ts';
import { settleWithin } from '../settle-within.ts';
import { parseRouteSegments } from '../prerender/route-to-file.ts';
import { routeUrl } from '../prerender/render-route.ts';
import { createRouteFinder, type RouteFinder } from '../routes/route-finder.ts';
import { fillPattern, patternParams } from '../routes/route-pattern.ts';
import type { RuntimeRoute } from '../runtime/index.ts';

/**
 * One URL a route file's `entries` lists: its parameters by name (values as they are, not
 * percent-encoded; a catch-all's may hold `/`), or a path starting with `/` that the file serves.
 */
export type RouteEntriesItem<Param extends string = string> = string | { [name in Param]: string };

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
}

/** Routes listed by `entries` carry no sitemap fields; one shared object for them all. */
const noFields: SitemapFields = Object.freeze({});

/**
 * Calls the `entries` of every route file in the bundle's table that exports one (all at once: they
 * may wait on a CMS), and turns what each returns into routes, in table order. Throws ROUTE_ENTRIES
 * naming the file (the first in table order) when an `entries` is not a function, throws, returns no
 * array, does not settle within `timeout` ms (prerender.timeout), or lists an entry that is malformed
 * or makes a URL the build cannot write.
 */
export async function listRouteEntries(table: RuntimeRoute[], site: RouteFiles, timeout: number): Promise<ListedEntries> {
  const rows = table.filter((row) => row.entries !== undefined);
  for (const row of rows) checkExport(row, siteFile(site, row.file));
  const listing = (row: RuntimeRoute) => Promise.resolve().then(row.entries as () => unknown);
  const settled = await Promise.allSettled(rows.map((row) => settleWithin(listing(row), timeout, () => errors.entriesTimedOut(siteFile(site, row.file), timeout))));
  const routes: PrerenderRoute[] = [];
  for (const [i, row] of rows.entries()) {
    const file = siteFile(site, row.file);
    const outcome = settled[i];
    if (outcome.status === 'rejected') throw outcome.reason instanceof PrerenderError ? outcome.reason : errors.entriesFailed(file, outcome.reason);
    const list = outcome.value;
    if (!Array.isArray(list)) {
      throw errors.routeEntries(file, `exports entries, which returned ${show(list)}, not an array`, `Return an array of parameter objects or paths from entries, such as [${example(row.path)}].`);
    }
    const hasShape = shapeCheck(row);
    for (const item of list) routes.push({ route: await entryRoute(item, row.path, file, hasShape), sitemap: noFields, listedBy: file });
  }
  return { routes, files: rows.length };
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

/** The route one item of a file's entries makes; throws ROUTE_ENTRIES naming the file and the item. */
async function entryRoute(item: unknown, pattern: string, file: string, hasShape: (route: string) => Promise<boolean>): Promise<string> {
  const refuse = (reason: string, hint: string) => errors.routeEntries(file, `lists the entry ${show(item)} in its entries, which cannot be prerendered: ${reason}`, hint);
  const unwritable = 'Leave out values that cannot be file names (".", "..", a leading dot, control characters, : * ? " < > |), or serve those URLs from the API routes.';
  if (typeof item === 'string') {
    const hint = `Return paths starting with "/" that this file serves (${pattern}), or parameter objects such as ${example(pattern)}.`;
    const parsed = parseRouteSegments(item);
    if ('problem' in parsed) throw refuse(parsed.problem, item.startsWith('/') && !/[?#]/.test(item) ? unwritable : hint);
    if (!(await hasShape(item))) throw refuse(`the file serves ${pattern}, and this path has another shape`, hint);
    return item;
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
