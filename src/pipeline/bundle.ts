/** The bundle step: every route file in one server bundle, written into the staged output. */
import { join } from 'node:path';
import { shortPath } from '../config/output-paths.ts';
import { whileDoing } from '../file-limit.ts';
import { counted } from '../plural.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { BuildContext } from './context.ts';

/**
 * Bundles `routeFiles` into the staged `server/index.mjs` in the toolchain process, then ends that
 * process (or gives it back to wait for the next build): the prerender never runs beside it.
 */
export async function bundleSite(build: BuildContext, routeFiles: RouteDefinition[]): Promise<void> {
  const { config, toolchain, paths } = build;
  await whileDoing('bundling the route files', () => toolchain.bundleServer(config, routeFiles, paths.serverFile));
  await toolchain.close();
  build.logger.info(`bundled ${counted(routeFiles.length, 'route file')} into ${shortPath(config.root, join(paths.final, 'server', 'index.mjs'))}`);
}
