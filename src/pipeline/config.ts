/** The config step: the site's config, loaded and resolved, and where this build's output goes. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { configName, keyOrigin } from '../config/key-origin.ts';
import { loadConfigWith } from '../config/load.ts';
import { shownPath } from '../config/output-paths.ts';
import { errors } from '../errors.ts';
import { whileDoing } from '../file-limit.ts';
import { FileClaims } from '../output/file-claims.ts';
import { manifestName, readManifestHead } from '../output/manifest.ts';
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
  // `configFile: false` builds without one on purpose.
  if (config.configFile === undefined && options.configFile !== false) refuseWithoutItsConfig(stage.final);
  return Object.assign(start, { config, listRoutes, paths: { ...stage, serverFile: join(stage.dir, 'server', 'index.mjs') }, claims: new FileClaims(), siteFiles: [] });
}

/**
 * A build that read no config file (none found, none given), replacing one that read one (its
 * manifest says which): the file was moved or renamed, and this build would publish without what it
 * set (its routes list, the sitemap), exit 0, the routes of route files' `entries` alone. Refused,
 * as a config named almost right is (find-config-file.ts).
 */
function refuseWithoutItsConfig(output: string): void {
  const manifest = join(output, manifestName);
  let previous: string | null | undefined;
  try {
    previous = existsSync(manifest) ? readManifestHead(manifest).config : undefined;
  } catch {
    // A manifest that cannot be read tells nothing: the build goes on, as without one.
    return;
  }
  if (typeof previous === 'string') throw errors.configGone(previous, shownPath(output));
}
