/**
 * A route an incremental build's cache answers (SPEC section 8): what the prerender loop asks the
 * cache of each route (cache/route-cache.ts answers), and how a reused route's output is put in place
 * as its render would have put it, its handler not called.
 */
import { readFileSync } from 'node:fs';
import type { RenderedOutput } from '../cache/build-cache.ts';
import { recordedProblems, type RouteRecord } from '../cache/record.ts';
import type { RenderReason } from '../cache/reuse.ts';
import type { OutputProblem } from '../checks/check-output.ts';
import type { FoundLinks } from '../crawl/find-links.ts';
import type { SiteLink } from '../crawl/link-route.ts';
import type { PrerenderInput, PrerenderResult } from './prerender.ts';
import type { Rendered } from './render-route.ts';

/** How the prerender asks an incremental build's cache about each route (cache/route-cache.ts). */
export interface RouteCache {
  /** A route's turn, taken as its task starts: in the order of the routes. */
  turn(route: string): RouteTurn;
}

/** A route's output the cache keeps: its record, and where its body is stored. */
export interface CachedOutput {
  record: RouteRecord;
  stored: string;
}

/** What the cache says of one route, and keeps of it. */
export interface RouteTurn {
  /**
   * Its output to reuse: the record and the stored body; `undefined`: render it (then {@link reason}
   * says why). At once when no route file or `cacheKey` must be asked, else in a promise. Throws (or
   * rejects with) an Error saying why the route fails (its `cacheKey` could not be had).
   */
  reuse(): CachedOutput | undefined | Promise<CachedOutput | undefined>;
  /** Why it is rendered, once {@link reuse} said so. */
  readonly reason: RenderReason;
  /** Runs a render of it, the files and the rest it reaches noted for its record. */
  track<T>(render: () => T): T;
  /**
   * The record of its output as written (made of `output`, which it completes: no copy per route),
   * and where the cache stores its body.
   */
  keep(output: Omit<RenderedOutput, 'body'>, body: Uint8Array, problems: readonly OutputProblem[] | false): { record: RouteRecord; stored: string };
}

/** The result of a route reused from the cache: what its record says it wrote, the `index`-th file written. */
export function reusedResult(record: RouteRecord, index: number, foundOn: string | undefined): PrerenderResult {
  const { route, file, status, contentType, headers, bytes, ms, crc32 } = record;
  const result: PrerenderResult = { route, file, status, contentType, bytes, ms, written: { index, crc32 }, reused: true, record };
  if (headers) result.headers = headers;
  // Its HANDLER_RESULT warning is given again, as a render of it would.
  if (record.mistake !== undefined) result.mistake = { file: record.routeFile, message: record.mistake };
  if (foundOn !== undefined) result.foundOn = foundOn;
  return result;
}

/**
 * Puts a reused route's stored body in the output as the render did (claimed, its checks' findings
 * taken again, its links read for the crawl and the link check); returns those links, and its
 * record, with the links found when the body had to be read for them.
 */
export async function reuseOutput(input: Pick<PrerenderInput, 'claims' | 'inspect' | 'reinspect' | 'links' | 'write'>, route: string, cached: { record: RouteRecord; stored: string }): Promise<{ links: SiteLink[]; record: RouteRecord; index: number }> {
  let { record } = cached;
  input.claims.claim(record.file, route);
  // Rendered when nothing checked it (validate: false), checked now from the stored body, and kept.
  if (record.problems === false && input.inspect) {
    const found = input.inspect(route, record.file, record.contentType, readFileSync(cached.stored));
    record = { ...record, problems: found.length > 0 ? recordedProblems(found) : undefined };
  } else if (record.problems) input.reinspect?.(route, record.file, record.problems);
  // The links are checked against this build's output, as a render's are: those the record kept, or
  // read from the stored body (and kept from now on) when the last build did not read them.
  let links: SiteLink[] = [];
  if (input.links) {
    if (record.links === undefined) record = { ...record, links: input.links.find(record.contentType, readFileSync(cached.stored)) ?? false };
    if (record.links) links = input.links.ofFound(route, record.file, record.links);
  }
  const index = await input.write.reuse(record.file, cached.stored, record.contentType, record.bytes);
  return { links, record, index };
}

/**
 * Keeps a rendered route's output in the cache: its record goes on `result` (for the records, in
 * route order), and the path its body is stored at is returned, for the writer; nothing when the
 * runtime did not say which route file answered (a bundle built otherwise).
 */
export function keepRendered(turn: RouteTurn, result: PrerenderResult, rendered: Extract<Rendered, { ok: true }>, crc32: number, links: FoundLinks | false | undefined, problems: readonly OutputProblem[] | false): string | undefined {
  if (rendered.routeFile === undefined) return undefined;
  const { route, file, status, headers, ms } = result;
  const output: Omit<RenderedOutput, 'body'> = { route, routeFile: rendered.routeFile, file: file!, status, contentType: rendered.contentType, headers, bytes: rendered.body.byteLength, ms, crc32 };
  if (links !== undefined) output.links = links;
  if (rendered.mistake) output.mistake = rendered.mistake.message;
  const { record, stored } = turn.keep(output, rendered.body, problems);
  result.record = record;
  return stored;
}
