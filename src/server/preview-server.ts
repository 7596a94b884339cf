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
import { builtPreset } from '../output/manifest.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';
import type { Logger } from '../log.ts';
import { listen, type RunningServer } from '../runtime/listen.ts';
import { listenOn, optionSpelling, resolveAddress, resolveBodyLimit, serverOptionChecks } from './address.ts';
import { ownTypesHosts, staticHosts } from '../hosts/host-output.ts';
import { cloudflarePages } from '../runtime/files-alone.ts';
import { hostType } from '../hosts/host-types.ts';
import { followPreviewedBuild } from './preview-build.ts';
import { requestLog } from './request-log.ts';
import { shardDirsIn } from '../shard/shard.ts';

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
 * then the API routes, but for a build made for a host that serves the files alone (GitHub Pages): then
 * a path that is no file is a 404, as there. Throws NO_BUILD when there is no build to serve. A build
 * of the site made while it runs is served from then on, its files and routes (preview-build.ts).
 * @example const server = await createPreviewServer({ root: 'my-site' }); console.log(server.url);
 */
export async function createPreviewServer(options: PreviewServerOptions = {}): Promise<RunningServer> {
  checkOptions('createPreviewServer()', options, serverOptionChecks, "createPreviewServer({ root: 'my-site', port: 4173 })");
  const spelling = optionSpelling('createPreviewServer()');
  const address = resolveAddress(options, 4173, spelling);
  const bodyLimit = resolveBodyLimit(options.bodyLimit, spelling);
  const config = await loadServerConfig(configOptionsOf(options));
  const dir = join(config.outDir, config.name);
  const serverFile = join(dir, 'server', 'index.mjs');
  const shards = existsSync(serverFile) ? [] : shardDirsIn(config.outDir, config.name);
  if (shards.length > 0) throw errors.unmergedShards(shownPath(dir), shards.map(shownPath));
  // No build, and no routes folder either: the command may have run inside the site (`src/`).
  if (!existsSync(serverFile)) throw errors.noBuild(shownPath(dir), existsSync(config.routesDir) ? undefined : findNearbyRoutes(config.root, config.routesDir)?.root, existsSync(dir));
  const bundle = await loadBundle(serverFile, config);
  const { logger } = options;
  const middleware = logger ? [requestLog(logger)] : undefined;
  // A host that serves the files alone (the build's preset) is previewed so: no route answers.
  const preset = builtPreset(dir) ?? config.preset;
  const filesOnly = staticHosts[preset];
  // A host that reads no types of the build's (GitHub Pages) types each file by its own table.
  const ownTypes = ownTypesHosts[preset];
  const typed = ownTypes === undefined ? undefined : (file: string) => hostType(ownTypes, file);
  const served = { filesOnly, hostType: typed };
  const followed = followPreviewedBuild(bundle, { dir, serverFile }, config, served, logger);
  const socket = { ...address, bodyLimit, middleware };
  const running = await listenOn(address, () => (followed ? listen(followed.fetch, socket) : bundle.serve({ ...socket, ...served })));
  if (logger && preset !== config.preset) logger.info(`the build was made for preset "${preset}" (the config says "${config.preset}"): previewing it as built; prerender build writes it for the config's`);
  if (logger && filesOnly !== undefined) logger.info(`serving the files of public/ alone, as ${filesOnly} does (preset "${preset}"): no route answers, ${missAnswer(filesOnly)}`);
  return {
    url: running.url,
    close: (closing) => {
      followed?.close();
      return running.close(closing);
    },
  };
}

/** What the preview's first lines say a host answers where no file is (runtime/files-alone.ts). */
function missAnswer(host: string): string {
  return host === cloudflarePages
    ? 'a path that is no file gets the nearest 404.html with 404, or, when public/ has no 404.html, index.html with 200 (Cloudflare takes the site for a single-page app)'
    : 'a path that is no file is a 404 (with public/404.html when there is one)';
}
