/**
 * What `prerender dev`'s build (dev-bundler.ts) is given and answers: the contract the dev server and
 * `vite dev` use, apart from how it watches, bundles and serves.
 */
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';

/** What the dev bundler needs. */
export interface DevBundlerOptions {
  config: ResolvedConfig;
  logger: Logger;
  /** The folder each build is written to and imported from; made if missing. */
  outDir: string;
  /** Largest request body in bytes (see listen()). */
  bodyLimit: number;
  /** Called with the route table each time it is scanned (at the first build, then after a file under routesDir is added, removed or renamed). */
  onRoutes?: (routes: readonly RouteDefinition[]) => void;
}

/** A running watch build. */
export interface DevBundler {
  /** Answers a route request from the latest build (after one in progress), or with its error while it is broken. */
  fetch(request: Request): Promise<Response>;
  /** The route file (relative to routesDir) the latest build (after one in progress) answers `request` with, if any. */
  routeFile(request: Request): Promise<string | undefined>;
  /**
   * Stops watching and ends the builds' threads; with `finishRequests` (the config was saved: a new
   * bundler takes over), the served build's thread ends once the requests it runs are answered.
   * Safe to call twice.
   */
  close(options?: { finishRequests?: boolean }): Promise<void>;
}
