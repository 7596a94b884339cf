import { rollup } from 'rollup';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { inputOptions, outputOptions, toBuildError, type BundleSetup } from './rollup-options.ts';

/** Builds the site's server into `outFile` (one ES module) and returns its route table. */
export async function bundleServer(setup: BundleSetup, outFile: string): Promise<RouteDefinition[]> {
  let routes: RouteDefinition[] = [];
  let bundle;
  try {
    bundle = await rollup(inputOptions({ ...setup, onRoutes: (found) => (routes = found) }));
    await bundle.write(outputOptions(outFile));
  } catch (error) {
    throw toBuildError(error, setup.config.root);
  } finally {
    await bundle?.close();
  }
  return routes;
}
