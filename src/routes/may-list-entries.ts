/**
 * Whether a route file of the site may export `entries` (`mayExport` of bundle/entry.ts, over its
 * source: a file that names `entries` or re-exports with `export *`, or one that cannot be read).
 * How many routes such a site renders is known only once its bundle is loaded and `entries` called,
 * so a first build arranges its processes for memory as for a list not known before bundling
 * (pipeline/context.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mayExport } from '../bundle/entry.ts';
import type { RouteDefinition } from './file-to-route.ts';

export function mayListEntries(routesDir: string, routeFiles: readonly RouteDefinition[]): boolean {
  return routeFiles.some((route) => {
    try {
      return mayExport(readFileSync(join(routesDir, route.file), 'utf8')).entries;
    } catch {
      return true;
    }
  });
}
