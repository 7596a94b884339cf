import type { PrerenderRoute } from '../config/types.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';
import { byRoute } from '../output/route-to-file.ts';
import { createSortedRuns } from '../sorted-runs.ts';
import type { RouteSink } from './route-sink.ts';

/** Results held back until all are in, then handed to a sink sorted by route. */
export interface SortedResults {
  add(result: PrerenderResult, target: PrerenderRoute): void;
  /** Hands every result to the sink, sorted by route. */
  flush(): void;
}

/** A result and its target as held: `thrown` (what a handler threw, no JSON) stays in memory, by number. */
interface Held {
  result: PrerenderResult;
  target: PrerenderRoute;
}

/**
 * For a crawling build: its routes come level by level (the listed ones sorted, then each level of
 * crawled ones), while the manifest and the sitemap list all of them sorted by route. So each result
 * (a few fields and the cache's record, never a body) is kept until the crawl is over: past a few
 * thousand, in sorted runs on disk in a folder made in `folder` (the staged output; sorted-runs.ts),
 * not in memory: a crawl of a million routes held ~600 bytes a route before. A build without
 * crawling streams its results to the sink instead and keeps none.
 */
export function createSortedResults(sink: RouteSink, folder: string): SortedResults {
  const thrown = new Map<number, unknown>();
  let next = 0;
  const runs = createSortedRuns<Held>({
    folder,
    compare: (a, b) => byRoute(a.result, b.result),
    encode({ result, target }) {
      if (result.thrown === undefined) return JSON.stringify([result, target]);
      thrown.set(next, result.thrown);
      return JSON.stringify([{ ...result, thrown: undefined }, target, next++]);
    },
    decode(line) {
      const [result, target, number] = JSON.parse(line) as [PrerenderResult, PrerenderRoute, number?];
      if (number !== undefined) result.thrown = thrown.get(number);
      return { result, target };
    },
  });
  return {
    add: (result, target) => runs.add({ result, target }),
    flush() {
      for (const { result, target } of runs.drain()) sink.add(result, target);
      thrown.clear();
    },
  };
}
