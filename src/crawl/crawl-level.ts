/**
 * A level of the crawl: the routes found and the page each was first found on, held as two lists of
 * strings that the routes' own objects share, and made into a route to render one at a time, as the
 * prerender takes them. The last level of a crawl is most of it: at a million pages, 900,000 objects
 * of 48 bytes and the array holding them were some 50 MB of the build's peak.
 */
import type { CheckedSitemapFields, PrerenderRoute } from '../config/types.ts';
import { compareRoutes } from '../output/route-to-file.ts';
import type { ItemList } from '../prerender/pool.ts';

/** A route the crawl found: rendered as a listed one is, and named with the route it was first found on. */
export interface CrawledRoute extends PrerenderRoute {
  foundOn: string;
}

/** Crawled routes appear in the sitemap as listed routes without sitemap fields do. */
const noFields: CheckedSitemapFields = Object.freeze({});

/** A level being found: routes added in the order found, then sorted once by {@link CrawlLevel.sorted}. */
export class CrawlLevel implements ItemList<CrawledRoute>, Iterable<CrawledRoute> {
  private readonly routes: string[] = [];
  private readonly pages: string[] = [];
  /** Indexes of `routes` in route order, once sorted. */
  private order: Uint32Array | undefined;

  get length(): number {
    return this.routes.length;
  }

  add(route: string, foundOn: string): void {
    this.routes.push(route);
    this.pages.push(foundOn);
  }

  /** This level sorted by route; nothing is added after. */
  sorted(): this {
    const { routes } = this;
    this.order = Uint32Array.from(routes.keys()).sort((a, b) => compareRoutes(routes[a], routes[b]));
    return this;
  }

  /** The route at `index` in route order; undefined past the end, or before the level is sorted. */
  at(index: number): CrawledRoute | undefined {
    const i = this.order?.[index];
    return i === undefined ? undefined : { route: this.routes[i], sitemap: noFields, foundOn: this.pages[i] };
  }

  *[Symbol.iterator](): Iterator<CrawledRoute> {
    for (let index = 0; index < this.length; index++) yield this.at(index)!;
  }
}
