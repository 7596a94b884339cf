/** The bundle step: every route file in one server bundle, written into the staged output. */
import { join } from 'node:path';
import { codeKey } from '../cache/build-key.ts';
import { bundleInputsLines, rollupCacheKey } from '../cache/bundle-inputs.ts';
import { changedInputs } from '../cache/changed-inputs.ts';
import { linesKey } from '../cache/inputs-key.ts';
import { placeBundle } from '../cache/stored-bundle.ts';
import { asFileLimit, whileDoing } from '../file-limit.ts';
import { removeTree } from '../output/remove-tree.ts';
import { counted } from '../plural.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { isLongRouteList } from '../typecheck/schedule-typecheck.ts';
import { expectedRouteCount, type BuildContext } from './context.ts';

/** Where the bundle goes, named within the output: a build that fails later publishes nothing. */
const where = "the output's server/index.mjs";

/**
 * Bundles `routeFiles` into the staged `server/index.mjs` in the toolchain process, then ends that
 * process (or gives it back to wait for the next build): a long route list's prerender never runs
 * beside it, a short one's only while it writes Rollup's cache. With the
 * cache, the last build's bundle is linked in instead when none of its inputs changed (the route
 * table, every file it was made from, the config keys it reads, api-prerender, Node, the lockfile).
 */
export async function bundleSite(build: BuildContext, routeFiles: RouteDefinition[]): Promise<void> {
  const { config, toolchain, paths, cache, logger } = build;
  const serverDir = join(paths.dir, 'server');
  const linesOf = (inputs: readonly string[]) => cache && bundleLines(build, routeFiles, inputs);
  const stored = cache?.previous?.index.bundle;
  // Why the last build's bundle is not used, when there is one: the log says it.
  let why: string | undefined;
  if (stored) {
    const now = linesOf(stored.facts.inputs)!;
    if (linesKey(now) === stored.key) {
      try {
        placeBundle(cache!.dir, stored, serverDir);
        build.bundle = { facts: stored.facts, stored };
        await toolchain.close();
        for (const { message, code } of stored.facts.warnings ?? []) logger.warn(message, code);
        logger.info(`reused the bundle of ${counted(routeFiles.length, 'route file')} (${where}): none of its inputs changed`);
        return;
      } catch (error) {
        // Out of file descriptors, bundling would be too: that is the error, not a changed file.
        const limit = asFileLimit("linking the last build's server bundle into the output", error);
        if (limit !== error) throw limit;
        // A stored file missing or changed: the bundle is made again, as without a cache.
        removeTree(serverDir);
        // The output's server/ and the cache hold the bundle's files as one file (links): an edit in either is seen here.
        why = "a file of the last bundle was changed after it was made (in the output's server/ folder or in the cache, which keep it as one file)";
      }
    } else why = changedInputs(stored.lines, now);
  }
  // Rollup's cache of the last bundle: only the modules whose code changed are transformed again.
  const rollupCache = cache && { file: join(config.cacheDir, config.name, 'rollup.cache'), key: rollupCacheKey(config, cache.fingerprints) };
  // A count not known yet is a routes function's: the list it makes comes once this process has ended.
  const expected = expectedRouteCount(build);
  const memory = expected === undefined ? 'apart' : isLongRouteList(expected) ? 'lean' : undefined;
  const facts = await whileDoing('bundling the route files', () => toolchain.bundleServer(config, routeFiles, paths.serverFile, { rollupCache, memory }));
  // Nothing of a long route list, and no routes function, runs beside the process. A short list's
  // prerender starts while the process writes Rollup's cache, and the process ends as soon as that
  // is written (not when the build does: it holds some 120 MB); the build's cleanup waits for it
  // (stage.ts).
  const closed = toolchain.close();
  if (memory || !rollupCache) await closed;
  // Keyed at once: the files it read as they are now, not as they may be once the build ends.
  const lines = linesOf(facts.inputs);
  build.bundle = { facts, key: lines && linesKey(lines), lines, sources: cache && bundleKey(build, [], facts.inputs) };
  logger.info(`bundled ${counted(routeFiles.length, 'route file')} into ${where}${why ? `: ${why}` : ''}`);
}

/**
 * The key of a bundle of `routes` made from `inputs` (bundle-inputs.ts), as they are now; with no
 * routes, the key of its files alone, which tells before the route files are listed that the bundle
 * must be made again (the cache step then starts the toolchain at once).
 */
export function bundleKey(build: BuildContext, routes: readonly RouteDefinition[], inputs: readonly string[]): string {
  return linesKey(bundleLines(build, routes, inputs));
}

/** What {@link bundleKey} is made of (bundle-inputs.ts). */
function bundleLines(build: BuildContext, routes: readonly RouteDefinition[], inputs: readonly string[]): string[] {
  const { config, paths, cache } = build;
  return bundleInputsLines({ root: config.root, key: codeKey(config), routes, inputs, fingerprints: cache!.fingerprints, serverDir: join(paths.final, 'server') });
}
