/** The config step: the site's config, loaded and resolved, and where this build's output goes. */
import { join } from 'node:path';
import { configName, keyOrigin } from '../config/key-origin.ts';
import { loadConfigWith } from '../config/load.ts';
import { errors } from '../errors.ts';
import { whileDoing } from '../file-limit.ts';
import { FileClaims } from '../output/file-claims.ts';
import { stagePaths } from '../output/staging.ts';
import { untilAborted } from '../settle-within.ts';
import { shardDirName } from '../shard/shard.ts';
import type { BuildContext, BuildStart } from './context.ts';

/**
 * Loads the config (a TypeScript one compiled by the toolchain) and turns `start` into the build's
 * context: its config, and the paths its output is staged and published at (`<outDir>/<name>`, or a
 * shard's own folder). A routes function is not called yet: the plan step calls it, once the bundle
 * is made (plan.ts).
 */
export async function loadConfig(start: BuildStart): Promise<BuildContext> {
  const { options, toolchain, signal, shard, logger } = start;
  const { config, listRoutes } = await untilAborted(whileDoing('loading the config', () => loadConfigWith({ ...options, logger }, toolchain.compileConfig)), signal);
  // Each shard would crawl from its own routes and find what another shard renders: no shard could
  // tell which crawled route is its own.
  if (shard && config.prerender.crawl) {
    throw errors.crawlShard(keyOrigin(config.root, config.configFile, options.config)('prerender.crawl') ?? configName(config.root, config.configFile));
  }
  const stage = stagePaths(config.outDir, shard ? shardDirName(config.name, shard) : config.name);
  return Object.assign(start, { config, listRoutes, paths: { ...stage, serverFile: join(stage.dir, 'server', 'index.mjs') }, claims: new FileClaims(), siteFiles: [] });
}
