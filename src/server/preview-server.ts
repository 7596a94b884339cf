/**
 * `prerender preview`: serves `dist/<name>/` exactly as `node dist/<name>/server/index.mjs` does, by
 * importing that bundle and calling its `serve`. The static-file layer is the one inside the bundle.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle } from '../bundle/load-bundle.ts';
import { checkOptions } from '../api-options.ts';
import { configOptionsOf, loadServerConfig, type LoadConfigOptions } from '../config/load.ts';
import { shownPath } from '../config/output-paths.ts';
import { errors } from '../errors.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';
import type { Logger } from '../log.ts';
import type { RunningServer } from '../runtime/listen.ts';
import { listenOn, resolveAddress, resolveBodyLimit, serverOptionChecks } from './address.ts';
import { watchForNewBuild } from './new-build.ts';
import { staticHosts } from '../hosts/host-output.ts';
import { requestLog } from './request-log.ts';

/** Options of {@link createPreviewServer}: the site, config overrides and where to listen. */
export interface PreviewServerOptions extends LoadConfigOptions {
  /** `0` picks a free port. @default 4173 */
  port?: number;
  /** @default '127.0.0.1' (this machine only) */
  host?: string;
  /**
   * Largest request body in bytes, as `BODY_LIMIT` is for the built server: a larger one gets `413`.
   * @default 1048576 (1 MiB)
   */
  bodyLimit?: number;
  /** Where each request is logged, one line each, as `prerender dev` logs them. @default none: no log */
  logger?: Logger;
}

/**
 * Serves the site's last build: files from `public/` (types from the manifest, ETag and 304, HEAD),
 * then the API routes, but for a preset of a host that serves the files alone (GitHub Pages): then
 * a path that is no file is a 404, as there. Throws NO_BUILD when there is no build to serve. With a logger, a build of
 * the site made while it runs is said there (it keeps serving the one it loaded).
 * @example const server = await createPreviewServer({ root: 'my-site' }); console.log(server.url);
 */
export async function createPreviewServer(options: PreviewServerOptions = {}): Promise<RunningServer> {
  checkOptions('createPreviewServer()', options, serverOptionChecks, "createPreviewServer({ root: 'my-site', port: 4173 })");
  const address = resolveAddress(options, 4173);
  const bodyLimit = resolveBodyLimit(options.bodyLimit);
  const config = await loadServerConfig(configOptionsOf(options));
  const dir = join(config.outDir, config.name);
  const serverFile = join(dir, 'server', 'index.mjs');
  // No build, and no routes folder either: the command may have run inside the site (`src/`).
  if (!existsSync(serverFile)) throw errors.noBuild(shownPath(dir), existsSync(config.routesDir) ? undefined : findNearbyRoutes(config.root, config.routesDir)?.root, existsSync(dir));
  const bundle = await loadBundle(serverFile, config);
  const { logger } = options;
  const middleware = logger ? [requestLog(logger)] : undefined;
  // A host that serves the files alone (the config's preset) is previewed so: no route answers.
  const filesOnly = staticHosts[config.preset];
  const running = await listenOn(address, () => bundle.serve({ ...address, bodyLimit, middleware, filesOnly }));
  if (!logger) return running;
  if (filesOnly !== undefined) logger.info(`serving the files of public/ alone, as ${filesOnly} does (preset "${config.preset}"): no route answers, a path that is no file is a 404`);
  // The files and routes stay those of the build loaded: a build made meanwhile is said, not served.
  const stopWatching = watchForNewBuild(dir, () =>
    logger.warn(`${shownPath(dir)} was built again: this preview still serves the build it started with; restart prerender preview to serve the new one`),
  );
  return {
    url: running.url,
    close: (closing) => {
      stopWatching();
      return running.close(closing);
    },
  };
}
