import type { PrerenderRoute } from '../config/types.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';
import { byRoute } from '../output/route-to-file.ts';
import type { RouteSink } from './route-sink.ts';

/** Results held back until all are in, then handed to a sink sorted by route. */
export interface SortedResults {
  add(result: PrerenderResult, target: PrerenderRoute): void;
  /** Hands every result to the sink, sorted by route. */
  flush(): void;
}

/**
 * For a crawling build: its routes come level by level (the listed ones sorted, then each level of
 * crawled ones), while the manifest and the sitemap list all of them sorted by route. So each result
 * (a few fields, never a body) is kept until the crawl is over. A build without crawling streams its
 * results to the sink instead and keeps none.
 */
export function createSortedResults(sink: RouteSink): SortedResults {
  const held: { result: PrerenderResult; target: PrerenderRoute }[] = [];
  return {
    add: (result, target) => void held.push({ result, target }),
    flush() {
      held.sort((a, b) => byRoute(a.result, b.result));
      for (const { result, target } of held.splice(0)) sink.add(result, target);
    },
  };
}
