import { rollup, type RollupCache } from 'rollup';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { cacheWithoutTrees } from './cache-without-trees.ts';
import { inputOptions, outputOptions, toBuildError, type BundleSetup } from './rollup-options.ts';

/**
 * Builds the site's server into `outFile` (one ES module) and returns its route table, and Rollup's
 * cache of it when `cache` is given (`true`, or the cache of an earlier bundle to start from): made
 * when asked, without the modules' syntax trees (cache-without-trees.ts).
 * `onBuilt` runs between Rollup's two phases, the module graph built and the output not yet rendered.
 */
export async function bundleServer(setup: BundleSetup, outFile: string, cache?: RollupCache | true, onBuilt?: () => void): Promise<{ routes: RouteDefinition[]; cache?: () => RollupCache }> {
  let routes: RouteDefinition[] = [];
  let bundle;
  try {
    const options = inputOptions({ ...setup, onRoutes: (found) => (routes = found) });
    if (cache) options.plugins = [options.plugins, cacheWithoutTrees()];
    bundle = await rollup({ ...options, cache: cache ?? false });
    onBuilt?.();
    await bundle.write(outputOptions(outFile));
    const made = bundle;
    return { routes, cache: cache ? () => made.cache! : undefined };
  } catch (error) {
    throw toBuildError(error, setup.config.root);
  } finally {
    await bundle?.close();
  }
}
