import { errors } from '../errors.ts';
import { fileCandidates } from '../runtime/file-candidates.ts';
import type { FileClaims } from '../output/file-claims.ts';
import type { SiteLink } from './link-route.ts';
import { parseRouteSegments } from '../output/route-to-file.ts';
import { CrawlLevel } from './crawl-level.ts';

export type { CrawledRoute } from './crawl-level.ts';

/** What {@link createCrawl} needs. */
export interface CrawlOptions {
  /** The listed routes: never crawled again, in any spelling. */
  listed: readonly { route: string }[];
  /** Links the crawl may follow (prerender.crawl.limit); one more is CRAWL_LIMIT. */
  limit: number;
  /** Who writes which file: a link to a file not written by a route (publicDir, the sitemap) is the static layer's. */
  claims: FileClaims;
  /** Told the size of each level as it starts (the progress display's total grows by it). */
  onLevel?: (routes: number) => void;
}

/** Links that cannot be a file: how many, and the first few, for one warning. */
export interface SkippedLinks {
  count: number;
  examples: string[];
}

/** A breadth-first crawl: what routes link to, each path once, level by level. */
export interface Crawl {
  /**
   * Takes the links `foundOn` holds, as the link reader (read-links.ts) found them; called in the
   * order routes were rendered, so that each route's `foundOn` is the first in that order. New paths
   * join the next level. Throws CRAWL_LIMIT past the limit.
   */
  add(links: readonly SiteLink[], foundOn: string): void;
  /** The next level, sorted by route, and forgets it; empty when the crawl is over, and then nothing may be added. */
  next(): CrawlLevel;
  /** Links followed so far. */
  readonly followed: number;
  readonly skipped: SkippedLinks;
}

/**
 * A crawl starting from the listed routes. Paths are compared decoded and without a trailing `/`
 * (`/docs`, `/docs/` and `/d%6Fcs` are one page), the way two listed spellings would clash, and
 * rendered in the spelling first found, less a trailing `/`. Only the set of paths seen is kept,
 * never a body.
 */
export function createCrawl(options: CrawlOptions): Crawl {
  const seen = new Set<string>();
  for (const { route } of options.listed) {
    const parsed = parseRouteSegments(route);
    if ('segments' in parsed) seen.add(keyOf(route, parsed.segments));
  }
  // Apart from `seen`: a malformed path as written could equal another's decoded key.
  const malformed = new Set<string>();
  let level = new CrawlLevel();
  let followed = 0;
  const crawl: Crawl = {
    get followed() {
      return followed;
    },
    skipped: { count: 0, examples: [] },
    add(links, foundOn) {
      for (const { route } of links) {
        const parsed = parseRouteSegments(route);
        if ('problem' in parsed) {
          // Such paths are few, and counted once each however many pages link them.
          if (malformed.has(route)) continue;
          malformed.add(route);
          if (crawl.skipped.count++ < 3) crawl.skipped.examples.push(`"${route}" on ${foundOn} (${parsed.problem})`);
          continue;
        }
        const { segments } = parsed;
        const key = keyOf(route, segments);
        if (seen.has(key)) continue;
        seen.add(key);
        if (isStaticFile(segments, options.claims)) continue;
        // Without its trailing "/": the same route answers, an HTML page is still its folder's
        // index.html, and a JSON link written `/a.json/` is not refused as a folder that is not HTML.
        const spelled = route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
        if (++followed > options.limit) throw errors.crawlLimit(options.limit, spelled, foundOn);
        level.add(spelled, foundOn);
      }
    },
    next() {
      const found = level.sorted();
      level = new CrawlLevel();
      if (found.length > 0) options.onLevel?.(found.length);
      // The crawl is over: the paths it saw go before the build's last steps (a million: 21 MB).
      else seen.clear();
      return found;
    },
  };
  return crawl;
}

/**
 * The key a route is seen by: its segments decoded and joined. A route spelled so already is its own
 * key, and the set holds the string the route is rendered by, not a copy (a million crawled routes).
 */
function keyOf(route: string, segments: string[]): string {
  const key = '/' + segments.join('/');
  return key === route ? route : key;
}

/** Whether the static layer answers this path with a file no route writes (the site's publicDir, the sitemap). */
function isStaticFile(segments: string[], claims: FileClaims): boolean {
  return fileCandidates(segments).some((candidate) => {
    const owner = claims.ownerOf(candidate.join('/'));
    return owner !== undefined && !owner.startsWith('/');
  });
}
