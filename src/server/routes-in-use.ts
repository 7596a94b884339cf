/**
 * Which route files a dev rebuild loads. The first build loads every one (its compile errors and
 * the modules that throw as they load show at once, as in `prerender build`). From the first save
 * on, a rebuild loads only the route files in use: those requested and those saved since the dev
 * server started. Every other route keeps its place in the route table, with a handler that is not
 * loaded, so routing is unchanged; the first request for it loads it, in one rebuild of the files in
 * use. A rebuild then costs what the files being worked on cost, not what the whole site does:
 * Rollup goes over every module of the graph on every rebuild, ~0.4 ms each.
 */
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRouteFinder, type RouteFinder } from '../routes/route-finder.ts';
import { routeFileName } from '../routes/scan.ts';

/** The route files in use, and which one a request goes to. */
export interface RoutesInUse {
  /** The route files (relative to routesDir) a build loads now; `undefined`: every one. */
  loaded(): ReadonlySet<string> | undefined;
  /** Marks `file` in use: every build from the next on loads it. */
  use(file: string): void;
  /**
   * A file (absolute path) was saved: from now on builds load only the files in use, it among them
   * if it lies under routesDir.
   */
  saved(path: string): void;
  /** The route file that answers `request`, by the runtime's own router over the latest route table (route-finder.ts). */
  fileFor(request: Request): Promise<string | undefined>;
  /** Takes the route table a build scanned. */
  setRoutes(routes: RouteDefinition[]): void;
}

/** Starts with every route file loaded. */
export function createRoutesInUse(routesDir: string): RoutesInUse {
  let all = true;
  const inUse = new Set<string>();
  let find: RouteFinder | undefined;
  let table: string | undefined;
  return {
    loaded: () => (all ? undefined : inUse),
    use: (file) => void inUse.add(file),
    saved(path) {
      all = false;
      const file = routeFileName(routesDir, path);
      if (file !== undefined) inUse.add(file);
    },
    fileFor: async (request) => find?.(request),
    setRoutes(routes) {
      // Every build scans the table again: the router is made anew only when the table changed.
      const key = routes.map((route) => `${route.method} ${route.path} ${route.file}`).join('\n');
      if (key === table) return;
      table = key;
      find = createRouteFinder(routes);
    },
  };
}
