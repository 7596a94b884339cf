/** The scan step: the route files, and the type check of them scheduled. */
import { join } from 'node:path';
import { siteFile } from '../bundle/load-bundle.ts';
import { isTypeScriptFile } from '../bundle/typescript-file.ts';
import { configName } from '../config/key-origin.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { whileDoing } from '../file-limit.ts';
import { warn } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { scanRoutes } from '../routes/scan.ts';
import { mayListEntries } from '../routes/may-list-entries.ts';
import { findShadowedRoutes } from '../routes/shadowed-routes.ts';
import { rememberCheck } from '../typecheck/remembered-check.ts';
import { scheduleTypeCheck } from '../typecheck/schedule-typecheck.ts';
import { warnings } from '../warnings.ts';
import { viteConfigWithRoutes } from '../config/vite-site.ts';
import { shownPath } from '../config/output-paths.ts';
import { isInside } from '../runtime/inside.ts';
import { expectedRouteCount, type BuildContext } from './context.ts';

/**
 * Lists the route files of the site's routesDir, warns of those a `.get` file shadows, and schedules
 * the type check (unless `typecheck: false`): for a short route list it starts now, in a process of
 * its own, beside bundling and the prerender; for a long one (listed, or rendered by the last build),
 * between them; for one not known before bundling (a route file may list `entries`), once the
 * bundler's process has ended (schedule-typecheck.ts).
 * With the cache, a verdict kept for exactly these inputs is given instead (remembered-check.ts).
 */
export async function scanSite(build: BuildContext): Promise<RouteDefinition[]> {
  const { config, logger } = build;
  const routeFiles = await whileDoing('listing the route files in routesDir', () =>
    scanRoutes(config.routesDir, config.apiPrefix, { root: config.root, configFile: configName(config.root, config.configFile), command: 'build', onWarning: (warning) => warn(logger, warning) }),
  );
  // Vite's build stages its client build inside outDir (<outDir>/client) as publicDir: not this one.
  const vite = isInside(config.publicDir, config.outDir) ? undefined : viteConfigWithRoutes(config.root);
  if (vite) warn(logger, warnings.viteSite(vite, shownPath(join(config.outDir, config.name, 'public'))));
  for (const { file, path, get, head } of findShadowedRoutes(routeFiles)) {
    warn(logger, warnings.shadowedRoute({ file: siteFile(config, file), path, get: siteFile(config, get), head: head && siteFile(config, head) }));
  }
  let mayList: boolean | undefined;
  build.mayListEntries = () => (mayList ??= mayListEntries(config.routesDir, routeFiles));
  if (build.options.typecheck !== false) {
    const task = { root: config.root, files: typeCheckFiles(config, routeFiles) };
    const memo = build.cache && rememberCheck(join(config.cacheDir, config.name, 'typecheck.json'), task, build.cache.fingerprints);
    build.check = scheduleTypeCheck(task, expectedRouteCount(build), logger, memo);
  }
  return routeFiles;
}

/** The TypeScript files the type check starts from: the route files and the config file. */
function typeCheckFiles(config: ResolvedConfig, routeFiles: RouteDefinition[]): string[] {
  const files = routeFiles.map((route) => join(config.routesDir, route.file));
  if (config.configFile) files.push(config.configFile);
  return files.filter(isTypeScriptFile);
}
