import type { SitemapFields } from '../config/types.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';
import type { RouteSink } from './route-sink.ts';

/** Results held back until all are in, then handed to a sink sorted by route. */
export interface SortedResults {
  add(result: PrerenderResult, sitemap: false | SitemapFields): void;
  /** Hands every result to the sink, sorted by route, waiting whenever the sitemap is behind. */
  flush(): Promise<void>;
}

/**
 * For a crawling build: its routes come level by level (the listed ones sorted, then each level of
 * crawled ones), while the manifest and the sitemap list all of them sorted by route. So each result
 * (a few fields, never a body) is kept until the crawl is over. A build without crawling streams its
 * results to the sink instead and keeps none.
 */
export function createSortedResults(sink: RouteSink): SortedResults {
  const held: { result: PrerenderResult; sitemap: false | SitemapFields }[] = [];
  return {
    add: (result, sitemap) => void held.push({ result, sitemap }),
    async flush() {
      held.sort((a, b) => (a.result.route < b.result.route ? -1 : a.result.route > b.result.route ? 1 : 0));
      for (const { result, sitemap } of held.splice(0)) {
        sink.add(result, sitemap);
        await sink.sitemap?.behind;
      }
    },
  };
}
