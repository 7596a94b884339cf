/**
 * `prerender.routes` resolved: each entry checked, and held as compactly as where it came from allows.
 * An array written in the config is the config module's, which keeps it for the whole build: its
 * valid entries are kept as given, not copied. A list a function returned is the build's alone:
 * copied, with the sitemap fields shared between routes that have the same ones, so that the list it
 * made can go (a million routes with their fields: ~100 bytes a route less). A generator's routes are
 * copied as they come: the site's list is never whole (a million routes with their fields took
 * 225 MB of heap as an array).
 */
import { errors } from '../errors.ts';
import { mistakes, type Mistakes } from '../errors/mistakes.ts';
import { patternIn } from '../routes/route-pattern.ts';
import { settleWithin } from '../settle-within.ts';
import { configChecks, type ConfigChecks } from './config-checks.ts';
import { everyKey } from './config-keys.ts';
import type { CheckedSitemapFields, PrerenderRoute } from './types.ts';

const changefreqs = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/** `prerender.routes` given as a list (or not at all), checked; a function is {@link routesOfFunction}'s. */
export function listedRoutes(input: unknown, check: ConfigChecks): PrerenderRoute[] {
  const list: unknown = input ?? [];
  // One route given alone (`routes: '/api/posts.json'`) was meant as a list of one.
  if (!Array.isArray(list)) check.fail('prerender.routes', 'an array of routes, or a function returning one', list, typeof list === 'string' ? [list] : undefined);
  const found = routeListMistakes(check);
  const routes = (list as unknown[]).map((entry, i) => entryOrMistake(entry, i, check, undefined, found));
  found.throwIfAny();
  return routes;
}

/**
 * {@link resolveRouteEntry} of the list's entry `i`, or, when it is wrong, its mistake kept in `found`
 * (the list is then refused whole, so no such entry is returned). No closure a route: a million are listed.
 */
function entryOrMistake(entry: unknown, i: number, check: ConfigChecks, share: KeepFields, found: Mistakes): PrerenderRoute {
  try {
    return resolveRouteEntry(entry, `prerender.routes[${i}]`, check, share);
  } catch (error) {
    found.add(error);
    return undefined as never;
  }
}

/** The mistakes in the routes listed, every one said in one run: a list written by hand has a few. */
function routeListMistakes(check: ConfigChecks) {
  const where = check.origin('prerender.routes');
  return mistakes(`prerender.routes${where ? ` (${where})` : ''}`, `Fix each route named above${where ? ` in ${where}` : ''}.`);
}

/** Calls `prerender.routes`, a function, given `timeout` ms to settle, and checks what it lists; `where` names the file that sets it. */
export async function routesOfFunction(listing: () => unknown, timeout: number, check: ConfigChecks, where: string): Promise<PrerenderRoute[]> {
  const late = errors.routesTimedOut(timeout, where);
  const state = { over: false };
  try {
    return await settleWithin(listRoutes(listing, check, where, state), timeout, () => late);
  } finally {
    state.over = true;
  }
}

/**
 * The routes a function lists: an array, or an iterable or async iterable (a generator) that hands
 * them one at a time, so that a site listing a million routes with their fields from a CMS need not
 * hold them all at once beside the build's copy. What the site's code throws, calling the function
 * or taking the next route, is wrapped as ROUTES_FUNCTION; a bad entry is a config error naming its
 * index. It stops taking routes once `listing.over` (the time ran out).
 */
async function listRoutes(listing: () => unknown, check: ConfigChecks, where: string, state: { over: boolean }): Promise<PrerenderRoute[]> {
  const siteCode = async <T>(run: () => T): Promise<Awaited<T>> => {
    try {
      return await run();
    } catch (error) {
      throw errors.routesFunction(where, error);
    }
  };
  const list = await siteCode(listing);
  const share = shareFields();
  const found = routeListMistakes(check);
  if (Array.isArray(list)) {
    const routes = list.map((entry, i) => entryOrMistake(entry, i, check, share, found));
    found.throwIfAny();
    return routes;
  }
  const iterator = iteratorOf(list);
  if (!iterator) return check.fail('prerender.routes', 'an array of routes, or a function returning one (or an iterable of them)', list);
  const routes: PrerenderRoute[] = [];
  while (!state.over) {
    const step = await siteCode(() => iterator.next());
    if (step.done) break;
    routes.push(entryOrMistake(step.value, routes.length, check, share, found));
  }
  found.throwIfAny();
  return routes;
}

/** The iterator of an iterable or async iterable other than a string, if `value` is one. */
function iteratorOf(value: unknown): Iterator<unknown> | AsyncIterator<unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const iterable = value as Partial<AsyncIterable<unknown> & Iterable<unknown>>;
  const asyncIterator = iterable[Symbol.asyncIterator];
  if (typeof asyncIterator === 'function') return asyncIterator.call(iterable);
  const iterator = iterable[Symbol.iterator];
  return typeof iterator === 'function' ? iterator.call(iterable) : undefined;
}

/** The sitemap fields of a route that sets none: one shared, frozen object, not one per route (a million routes). */
const noFields: CheckedSitemapFields = Object.freeze({});

/** Fields as they are kept: shared by value (`share`), or, without it, the config's own object when it is a plain one. */
type KeepFields = SharedFields | undefined;

function resolveRouteEntry(entry: unknown, key: string, check: ConfigChecks, share: KeepFields): PrerenderRoute {
  const shape = 'a path string such as "/api/rss.xml", or { route, sitemap? }';
  if (typeof entry === 'string') return { route: checkRoute(entry, key, check), sitemap: noFields };
  const object = check.objectAt(key, entry, shape);
  check.checkKeys(`${key}.`, object, ['route', 'sitemap'], everyKey);
  if (typeof object.route !== 'string') check.fail(`${key}.route`, shape, object.route);
  const route = checkRoute(object.route as string, `${key}.route`, check);
  if (object.sitemap === undefined) return { route, sitemap: noFields };
  const sitemap = object.sitemap === false ? false : resolveSitemapFields(object.sitemap, `${key}.sitemap`, check, share);
  return !share && sitemap === object.sitemap && isPlain(object) ? (object as unknown as PrerenderRoute) : { route, sitemap };
}

/** An object made by `{}`, whose fields are its own: one kept as given reads the same as a copy. */
const isPlain = (value: object) => Object.getPrototypeOf(value) === Object.prototype;

/**
 * A route's sitemap fields checked, `key` naming them in the CONFIG error (a route file's `entries`
 * reuse it, with checks that name no config file). With `share`, they are the object `share` gives
 * (see {@link shareFields}); without, the config's own object when it is a plain one.
 */
export function resolveSitemapFields(input: unknown, key: string, check: ConfigChecks = configChecks(), share?: KeepFields): CheckedSitemapFields {
  const fields = check.objectAt(key, input, 'false or { lastmod?, changefreq?, priority? }');
  check.checkKeys(`${key}.`, fields, ['lastmod', 'changefreq', 'priority'], everyKey);
  // Each field checked, and the mistakes of all three said at once: one run to fix them, not three.
  const lastmod = dateString(fields.lastmod);
  const resolve = (): CheckedSitemapFields => {
    const found = mistakes(key, 'Fix each field named above.');
    const resolved: CheckedSitemapFields = {
      lastmod: found.check(() => check.optional(`${key}.lastmod`, lastmod, isW3cDate, 'a W3C date such as "2026-11-21" or "2026-11-21T08:00:00Z" (a time needs its zone), or a Date')),
      changefreq: found.check(() => check.oneOf(`${key}.changefreq`, fields.changefreq, changefreqs)),
      priority: found.check(() => check.optional(`${key}.priority`, fields.priority, (v) => typeof v === 'number' && v >= 0 && v <= 1, 'a number from 0 to 1')),
    };
    found.throwIfAny();
    return resolved;
  };
  if (share) return share(fields, resolve);
  const resolved = resolve();
  return isPlain(fields) && lastmod === fields.lastmod ? (fields as CheckedSitemapFields) : resolved;
}

/** A valid Date as the W3C date string a sitemap writes (`toISOString()`); any other value as it is. */
const dateString = (value: unknown): unknown => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value);

/**
 * Gives the one object kept for fields with the values of `given`, checked and kept by `resolve` the
 * first time those values come (checked fields hold the values given).
 */
export type SharedFields = (given: Record<string, unknown>, resolve: () => CheckedSitemapFields) => CheckedSitemapFields;

/** How many sets of fields are shared per `lastmod`: past it (a priority per route), a route's are its own. */
const sharedPerDate = 16;

/**
 * One object for every route with the same sitemap fields: a catalogue's items share a few dates,
 * change frequencies and priorities. Those of a route seen before are neither checked nor made again
 * (a million routes: a second less). The table lives as long as the listing it serves.
 */
export function shareFields(): SharedFields {
  const byDate = new Map<unknown, CheckedSitemapFields[]>();
  return (given, resolve) => {
    // By the date's text: a Date per route is another object each time.
    const date = given.lastmod instanceof Date ? dateString(given.lastmod) : given.lastmod;
    const kept = byDate.get(date);
    const found = kept?.find((fields) => fields.changefreq === given.changefreq && fields.priority === given.priority);
    if (found) return found;
    const fields = resolve();
    if (!kept) byDate.set(date, [fields]);
    else if (kept.length < sharedPerDate) kept.push(fields);
    return fields;
  };
}

/**
 * A route must start with `/` and carry no query or fragment (a file name cannot hold one), and be a
 * URL, not a route pattern (`/api/items/:id`, `[id]`, `*`): the prerender requests it as written.
 */
function checkRoute(route: string, key: string, check: ConfigChecks): string {
  if (!route.startsWith('/')) check.fail(key, 'a path starting with "/"', route, pathMeant(route));
  if (/[?#]/.test(route)) check.fail(key, 'a path without query (?) or fragment (#): a file name cannot hold one', route);
  const pattern = patternIn(route);
  if (pattern) throw errors.routePattern(key, route, pattern.text, pattern.param, check.origin(key));
  return route;
}

/**
 * The path meant by a route that does not start with `/`: a whole URL's path (the site's address
 * belongs in prerender.sitemap.host), else the route with a `/` before it.
 * @example pathMeant('https://example.com/api/rss.xml') // '/api/rss.xml'
 */
function pathMeant(route: string): string {
  if (!/^https?:\/\//i.test(route) || !URL.canParse(route)) return `/${route}`;
  return new URL(route).pathname;
}

const w3cDate = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2})))?)?)?$/;

/** A W3C datetime (what sitemaps take) naming a real day: Date.parse alone takes "March 7" and Feb 30. */
function isW3cDate(v: unknown): boolean {
  const match = typeof v === 'string' ? w3cDate.exec(v) : null;
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, Math.max(month, 1) - 1, Math.max(day, 1)));
  const realDay = (match[2] === undefined || date.getUTCMonth() === month - 1) && (match[3] === undefined || date.getUTCDate() === day);
  return realDay && hour < 24 && minute < 60 && second < 60 && zoneHour < 24 && zoneMinute < 60;
}
