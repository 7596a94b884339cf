/**
 * The site's modules that import each other in a circle, as Rollup finds them while it orders the
 * modules (its CIRCULAR_DEPENDENCY log, which we do not print: most circles are harmless). One of
 * the modules of a circle runs before another has set its names, which throws if it reads one at
 * the top level: then the load error names the circle (bundle/load-bundle.ts). The build keeps them
 * with the bundle's facts (bundle-facts.ts), dev with its builds (server/route-bundler.ts).
 */
import type { RollupLog } from 'rollup';
import { sitePath } from '../cache/site-path.ts';
import { isSiteSource } from './site-source.ts';

/** The circle a Rollup log reports, from the site root (`['src/a.ts', 'src/b.ts', 'src/a.ts']`), when it is one and all the site's own. */
export function siteCycle(log: RollupLog, root: string): string[] | undefined {
  if (log.code !== 'CIRCULAR_DEPENDENCY' || !log.ids?.every(isSiteSource)) return undefined;
  return log.ids.map((id) => sitePath(root, id));
}
