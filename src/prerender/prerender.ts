import { crc32 } from 'node:zlib';
import type { RecordedProblem, RouteRecord } from '../cache/record.ts';
import type { RenderReason } from '../cache/reuse.ts';
import type { OutputProblem } from '../checks/check-output.ts';
import { messageOf } from '../errors.ts';
import type { PrerenderRoute, RetryPolicy } from '../config/types.ts';
import type { CarriedHeader } from '../output/carried-headers.ts';
import type { Crawl } from '../crawl/crawl.ts';
import type { SiteLink } from '../crawl/link-route.ts';
import type { LinkReader } from '../crawl/read-links.ts';
import type { FileClaims } from '../output/file-claims.ts';
import type { ResultMistake } from './handler-result.ts';
import { runPool, type ItemList } from './pool.ts';
import { keepRendered, reusedResult, reuseOutput, type RouteCache } from './reuse-output.ts';
import { renderRoute, type RouteBounds, type RouteHandler } from './render-route.ts';
import { renderWithRetry } from './retry.ts';
import { createReorder } from './reorder.ts';
import { placeOutput } from './place-output.ts';
import type { FileWriter } from '../output/write-files.ts';

/** What happened to one route: written (`file` set) or failed (`error` set). */
export interface PrerenderResult {
  route: string;
  file?: string;
  status: number;
  contentType?: string;
  /** Headers a static host can carry (carried-headers.ts), when the handler set any. */
  headers?: CarriedHeader[];
  /** What the handler returned that h3 sent as other than meant (handler-result.ts). */
  mistake?: ResultMistake;
  bytes?: number;
  ms: number;
  error?: string;
  /** What the handler threw (no HTTP error of h3's), for the failure to show where it came from. */
  thrown?: unknown;
  /** The route file (relative to routesDir) of a route that threw, ran out of time or past a bound: named where the stack names no place. */
  routeFile?: string;
  /** Attempts past the first (prerender.retry), when there were any. */
  retries?: number;
  /**
   * For the build report: the file's number among those written (where the writer's gzip sizes list
   * it, FileWriterOptions.onMeasured) and the body's CRC-32 (how the next build tells it changed).
   */
  written?: { index: number; crc32: number };
  /** The route a crawled route was first found on (prerender.crawl); absent for a listed route. */
  foundOn?: string;
  /**
   * No route file answered (the router's own 404 or 405, no handler ran): a listed route that fails
   * naming this (NO_ROUTE_FILE); a crawled link that is skipped, as no route serves it.
   */
  unrouted?: true;
  /** Its answer can be no file (placeOutput): a failure that fails the build whatever failOnError says. */
  unwritable?: true;
  /** An incremental build's: its output was reused from the cache, its handler not called. */
  reused?: true;
  /** An incremental build's: why it was rendered. */
  reason?: RenderReason;
  /** An incremental build's: what the cache keeps of the route written, for the next build. */
  record?: RouteRecord;
}

/** A route to render: listed, or found by the crawl (then `foundOn` names where). */
export type RenderTarget = PrerenderRoute & { foundOn?: string };

/** What the prerender loop needs; narrow on purpose. */
export interface PrerenderInput {
  routes: PrerenderRoute[];
  /** The built bundle's routes with a per-request context (its `app.request`): what threw, whether a route ran. */
  request: RouteHandler;
  write: FileWriter;
  /** Files already taken (publicDir, sitemap, _headers); route files are claimed into it. */
  claims: FileClaims;
  concurrency: number;
  /** `prerender.timeout` (ms) and `prerender.maxBodySize` (bytes) of each route. */
  bounds: RouteBounds;
  /** Sees each body before it is written (prerender.validate's checks); returns what it found wrong. */
  inspect?: (route: string, file: string, contentType: string, body: Uint8Array, stringified?: boolean) => readonly OutputProblem[];
  /** Takes again what `inspect` found in the body of a route the cache reused. */
  reinspect?: (route: string, file: string, problems: readonly RecordedProblem[]) => void;
  /** An incremental build's cache: routes whose output is reused are not rendered. */
  cache?: RouteCache;
  /** Retry failures a later attempt may fix (prerender.retry); absent: one attempt. */
  retry?: RetryPolicy;
  /**
   * Follows the links `links` reads in written bodies (prerender.crawl): once `routes` are done,
   * the routes they link to are rendered, then the routes those link to, and so on, each level
   * sorted by route.
   */
  crawl?: Crawl;
  /**
   * Reads the same-site links of each written body, once for the crawl and the link check alike
   * (read-links.ts): the links as written, then those of the site among them (the cache keeps the
   * first, so a reused body is not read again); absent, no body is read for links.
   */
  links?: Pick<LinkReader, 'find' | 'ofFound'>;
  /** Takes the links of each written route (prerender.links), in the order `onResult` has. */
  onLinks?: (links: SiteLink[], foundOn: string) => void;
  /**
   * Called once per route, in the order of `routes` (a route finished early waits for those before
   * it), so that results can be streamed out in order and none kept; then for each crawled level in
   * its order, `index` counting on.
   */
  onResult?: (result: PrerenderResult, index: number, target: RenderTarget) => void;
  /** Told as a route starts rendering (not one reused), and once it has, retries included. */
  onRender?: { start(route: string): void; end(route: string): void };
  /** The clock route times (`ms`) are measured with. @default performance.now */
  now?: () => number;
  /** Aborted: no route starts, the routes in flight are cut short, and this rejects with its reason. */
  signal?: AbortSignal;
}

/**
 * Renders every route with bounded concurrency and hands each 2xx body to `write` as it arrives
 * (bodies are not kept). Failed routes become results with an error, and so does a route whose answer
 * can be no file (placeOutput). `write` is closed before this returns or throws, so every file is on disk (or
 * the first write error thrown) and nothing is written after. Results go to `onResult`; none are kept.
 */
export async function prerenderRoutes(input: PrerenderInput): Promise<void> {
  const now = input.now ?? performance.now.bind(performance);
  let offset = 0;
  try {
    for (let level: ItemList<RenderTarget> = input.routes; level.length > 0; level = input.crawl?.next() ?? []) {
      await renderLevel(input, level, offset, now);
      offset += level.length;
    }
  } catch (error) {
    // The loop's own error says most; a write failing meanwhile is a consequence.
    await input.write.close().catch(() => {});
    throw error;
  }
  await input.write.close();
}

/** A result on its way to `onResult`, with the links its body holds when crawling. */
interface Finished {
  result: PrerenderResult;
  target: RenderTarget;
  links: SiteLink[];
}

/** Renders one level of routes; `offset` is the index of its first route among all rendered. */
async function renderLevel(input: PrerenderInput, level: ItemList<RenderTarget>, offset: number, now: () => number): Promise<void> {
  const inOrder = createReorder<Finished>(({ result, target, links }, index) => {
    input.onResult?.(result, offset + index, target);
    if (links.length === 0) return;
    input.crawl?.add(links, target.route);
    input.onLinks?.(links, target.route);
  });
  await runPool(level, input.concurrency, async (target, index, signal) => {
    const { route, foundOn } = target;
    signal.throwIfAborted();
    const start = now();
    const turn = input.cache?.turn(route);
    let cached;
    try {
      const reuse = turn?.reuse();
      cached = reuse instanceof Promise ? await reuse : reuse;
    } catch (error) {
      // Its cacheKey could not be had: the route fails, as its output can be neither reused nor trusted.
      const result: PrerenderResult = { route, status: 0, ms: round(now() - start), error: messageOf(error), reason: 'cacheKey' };
      if (foundOn !== undefined) result.foundOn = foundOn;
      return inOrder(index, { result, target, links: [] });
    }
    if (cached) {
      const reused = await reuseOutput(input, route, cached);
      inOrder(index, { result: reusedResult(reused.record, reused.index, foundOn), target, links: reused.links });
      return;
    }
    const render = () => renderRoute(input.request, route, input.bounds, signal);
    const attempt = turn ? () => turn.track(render) : render;
    input.onRender?.start(route);
    let outcome;
    try {
      if (input.retry) outcome = await renderWithRetry(attempt, input.retry, signal);
      else {
        // Awaited only when it is a promise: most routes are answered at once (render-route.ts).
        const answer = attempt();
        outcome = { rendered: answer instanceof Promise ? await answer : answer, retries: 0 };
      }
    } finally {
      input.onRender?.end(route);
    }
    const { rendered, retries } = outcome;
    // A route cut short by the abort is no failed route: the build stops.
    signal.throwIfAborted();
    const ms = round(now() - start);
    let result: PrerenderResult;
    let links: SiteLink[] = [];
    const placed = rendered.ok ? placeOutput(input.claims, route, rendered.contentType) : undefined;
    if (typeof placed === 'object') {
      // What the handler returned amiss (HTML as an untyped string at "/") is why, and its fix the one to give.
      const mistake = rendered.ok ? rendered.mistake : undefined;
      const error = mistake ? `${placed.message} Its handler ${mistake.message}.` : placed.hint ? `${placed.message} ${placed.hint}` : placed.message;
      result = { route, status: rendered.status, ms, error, unwritable: true };
    } else if (rendered.ok) {
      const file = placed!;
      // `false`: not checked (validate: false), which the cache's record says.
      const problems = input.inspect?.(route, file, rendered.contentType, rendered.body, rendered.stringified) ?? false;
      // Before the write, which may hand the body's memory to the writer thread.
      const found = input.links?.find(rendered.contentType, rendered.body);
      if (found) links = input.links!.ofFound(route, file, found);
      // For the report, here and not on the writer thread: 0.3 us a body, and its row needs it at once.
      const crc = crc32(rendered.body);
      result = { route, file, status: rendered.status, contentType: rendered.contentType, bytes: rendered.body.byteLength, ms };
      if (rendered.headers.length > 0) result.headers = rendered.headers;
      if (rendered.mistake) result.mistake = rendered.mistake;
      const stored = turn && keepRendered(turn, result, rendered, crc, input.links && (found ?? false), problems);
      const queued = input.write(file, rendered.body, rendered.contentType, stored);
      result.written = { index: queued instanceof Promise ? await queued : queued, crc32: crc };
    } else {
      result = { route, status: rendered.status, ms, error: rendered.error };
      if (rendered.thrown !== undefined) result.thrown = rendered.thrown;
      if (rendered.routeFile !== undefined) result.routeFile = rendered.routeFile;
    }
    if (retries > 0) result.retries = retries;
    if (turn) result.reason = turn.reason;
    if (foundOn !== undefined) result.foundOn = foundOn;
    if (!rendered.ok && rendered.unrouted) result.unrouted = true;
    inOrder(index, { result, target, links });
  }, input.signal);
}

const round = (ms: number) => Math.round(ms * 10) / 10;
