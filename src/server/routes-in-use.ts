/**
 * Which route files a dev build loads. The first build loads every one (its compile errors and the
 * modules that throw as they load show at once, as in `prerender build`). From the first save on, a
 * build loads only the route files in use: those requested and those saved since the dev server
 * started. Every other route keeps its place in the route table, with a handler that is not loaded,
 * so routing is unchanged; the first request for it waits for a build that loads it. A rebuild then
 * costs what the files being worked on cost, not what the whole site does: Rollup goes over every
 * module of the graph on every build, and a thread imports every module of the bundle.
 */
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRouteFinder, type RouteFinder } from '../routes/route-finder.ts';
import { routeFileName } from '../routes/scan.ts';

/** What one build serves: the route table, and the route files it loads (`all`: every one). */
export interface BuildPlan {
  routes: RouteDefinition[];
  loaded: ReadonlySet<string>;
  all: boolean;
}

/** The route files in use, and which one a request goes to. */
export interface RoutesInUse {
  /** Takes the route table a scan found; a file in use that is no longer in it is no longer in use. */
  setRoutes(routes: RouteDefinition[]): void;
  /** What a build made now serves. */
  plan(): BuildPlan;
  /** Marks the route file `request` goes to in use and returns it, by the latest route table (route-finder.ts). */
  use(request: Request): Promise<string | undefined>;
  /**
   * A file (absolute path) was saved: from now on builds load only the files in use, it among them
   * if it lies under routesDir.
   */
  saved(path: string): void;
}

/** Starts with every route file loaded. */
export function createRoutesInUse(routesDir: string): RoutesInUse {
  let all = true;
  const inUse = new Set<string>();
  let routes: RouteDefinition[] = [];
  let find: RouteFinder | undefined;
  return {
    setRoutes(scanned) {
      routes = scanned;
      find = createRouteFinder(routes);
    },
    plan() {
      // A copy, and only route files: requests go on marking files, and a save may be of any file.
      const files = routes.map((route) => route.file).filter((file) => all || inUse.has(file));
      return { routes, loaded: new Set(files), all };
    },
    async use(request) {
      const file = await find?.(request);
      if (file !== undefined) inUse.add(file);
      return file;
    },
    saved(path) {
      all = false;
      const file = routeFileName(routesDir, path);
      if (file !== undefined) inUse.add(file);
    },
  };
}

/** A build's plan for the log: `12 route files`, or `2 of 12 route files (those in use; …)`. */
export function describePlan(plan: BuildPlan): string {
  const count = `${plan.routes.length} route file${plan.routes.length === 1 ? '' : 's'}`;
  return plan.all ? count : `${plan.loaded.size} of ${count} (those in use; the others load when requested)`;
}
