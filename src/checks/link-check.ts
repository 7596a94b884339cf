/**
 * `prerender.links`: every same-site link in the output must reach a file of `public/` (a route's,
 * a publicDir copy, the sitemap) or a route the built server answers with a 2xx. Links are taken as
 * routes are written, in render order; a link to a file already written is done with at once, and
 * only the distinct targets not yet known to exist are kept, with the first link naming each and the
 * pages it is on, until the end: then routes written later have claimed their files, and what is
 * still no file is asked of the server (ask-server.ts).
 */
import type { SiteLink } from '../crawl/link-route.ts';
import type { FileClaims } from '../output/file-claims.ts';
import { pathSegments } from '../runtime/asset-id.ts';
import { fileCandidates } from '../runtime/file-candidates.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { isHiddenName } from '../runtime/url-path.ts';

/** A target no file was found for yet: the first link naming it, as written, and the pages it is on. */
export interface PendingLink {
  /** The path the link names (the route, its query and fragment dropped; no trailing `/`). */
  target: string;
  link: string;
  /** The first page it was found on. */
  foundOn: string;
  /** When more pages link to it: the next ones (up to {@link pagesKept} pages in all), and how many there are. */
  alsoOn?: string[];
  pages?: number;
}

/** The target a link to `route` is checked as: the route without a trailing `/` (a folder's page is its index.html either way). */
export const linkTarget = (route: string): string => (route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route);

/** Pages kept per target: enough to find the template a broken link comes from, bounded however many pages share it. */
export const pagesKept = 10;

/** A pending target as kept: the page it was last found on, so that a page's links count it once. */
interface Waiting extends PendingLink {
  lastPage: string;
  pages: number;
}

/** Collects the links of the output and keeps those that reach no file. */
export interface LinkCheck {
  /** Takes the links found on `foundOn` (a route, or the path of a file of `public/`). */
  add(links: readonly SiteLink[], foundOn: string): void;
  /** The targets that are no file of `public/` now (every route written), each once, in the order first found. */
  unresolved(): PendingLink[];
}

/**
 * Targets found to be files, kept so that a link on every page (a menu) is looked up once, not per
 * page; emptied when full (dropping the oldest one by one would leave a Set's iteration to step over
 * every deleted entry: slower than the lookups it saves).
 */
const knownFiles = 4096;

/** The fewest pending targets worth looking up again (routes written since may have claimed them). */
const firstSweep = 10_000;

/**
 * A check of links against the files `claims` records, in the spelling a case-sensitive server
 * finds them. Its memory is the pending targets: a link to a route written later in the sorted order
 * waits until that route is written (looked up again whenever the pending set doubles).
 */
export function createLinkCheck(claims: FileClaims): LinkCheck {
  const known = new Set<string>();
  // A target linked as written from one page is kept as that page alone: a crawl's links to its next
  // level all wait here until that level is written (a million routes: ~70 bytes a target less).
  const pending = new Map<string, Waiting | string>();
  let sweepAt = firstSweep;
  const sweep = () => {
    for (const target of pending.keys()) if (isFile(target, claims)) pending.delete(target);
    sweepAt = Math.max(firstSweep, pending.size * 2);
  };
  return {
    add(links, foundOn) {
      for (const { link, route } of links) {
        const target = linkTarget(route);
        if (known.has(target)) continue;
        const waiting = pending.get(target);
        if (typeof waiting === 'string') {
          if (waiting !== foundOn) pending.set(target, alsoOn(waited(target, target, waiting), foundOn));
          continue;
        }
        if (waiting) {
          if (waiting.lastPage !== foundOn) alsoOn(waiting, foundOn);
          continue;
        }
        if (!isFile(target, claims)) {
          pending.set(target, link === target ? foundOn : waited(target, link, foundOn));
          if (pending.size >= sweepAt) sweep();
          continue;
        }
        if (known.size >= knownFiles) known.clear();
        known.add(target);
      }
    },
    unresolved() {
      sweep();
      return Array.from(pending, ([target, waiting]) => {
        if (typeof waiting === 'string') return { target, link: target, foundOn: waiting };
        const { lastPage, pages, ...found } = waiting;
        return pages > 1 ? { ...found, pages } : found;
      });
    },
  };
}

/** A target first found on `foundOn`, linked as `link`. */
const waited = (target: string, link: string, foundOn: string): Waiting => ({ target, link, foundOn, lastPage: foundOn, pages: 1 });

/** Counts another page `waiting` is on, and keeps it while fewer than {@link pagesKept} are. */
function alsoOn(waiting: Waiting, page: string): Waiting {
  waiting.lastPage = page;
  waiting.pages++;
  if (waiting.pages <= pagesKept) (waiting.alsoOn ??= []).push(page);
  return waiting;
}

/**
 * Whether the static layer serves a file for the path `target` (a route path in the one spelling of
 * normalizePathname, as link-route.ts gives it), as it looks one up:
 * the path decoded once as h3's serveStatic decodes it (asset-id.ts), then the file itself or its
 * folder's `index.html`, spelled exactly so; never a hidden name or a host's configuration file,
 * which no server of ours (and no host) serves.
 */
export function isFile(target: string, claims: FileClaims): boolean {
  const segments = pathSegments(target);
  if (segments === undefined || segments.some(isHiddenName)) return false;
  return fileCandidates(segments).some((candidate) => !isHostConfigFile(candidate) && claims.has(candidate.join('/')));
}
