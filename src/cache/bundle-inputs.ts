/**
 * Whether the last bundle can be used again (SPEC section 8: bundling is skipped when no input of the
 * last bundle changed): one key (inputs-key.ts) over the route table (a route file added or removed
 * rebundles), api-prerender, Node, the config keys the bundler reads, and every file the bundle read
 * (modules, `.json`, copied files and folders: bundle/bundle-facts.ts).
 */
import type { RouteDefinition } from '../routes/file-to-route.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { codeKey, type BuildKey } from './build-key.ts';
import type { Fingerprints } from './fingerprint.ts';
import { packageRoot } from '../paths.ts';
import { contentHash } from './hash.ts';
import { sitePath } from './site-path.ts';
import { inputsKey, inputsLines, linesKey } from './inputs-key.ts';

/** What the key is made of. */
export interface BundleInputs {
  root: string;
  /** The build key's tool, Node and config parts (build-key.ts). */
  key: Pick<BuildKey, 'tool' | 'node' | 'config'>;
  routes: readonly RouteDefinition[];
  /** The files the bundle read, from the site root (bundle-facts.ts). */
  inputs: readonly string[];
  fingerprints: Fingerprints;
  /** Where the bundle goes (its `server/` folder, absolute): its source map names the sources from there. */
  serverDir: string;
}

/**
 * The key of a bundle made from `inputs` as they are now. The places the bundle names by relative
 * paths count too: its source map names the sources from its folder, and modules outside the site
 * (api-prerender's own) are named from the site root. Where they stay put relative to each other (the
 * output in the site, api-prerender in its node_modules), a copy of the site anywhere reuses it.
 */
export function bundleInputsKey(inputs: BundleInputs): string {
  return linesKey(bundleInputsLines(inputs));
}

/** What {@link bundleInputsKey} is made of (inputs-key.ts), kept with the bundle to say, next time, what changed. */
export function bundleInputsLines({ root, key, routes, inputs, fingerprints, serverDir }: BundleInputs): string[] {
  const places = [`sources ${sitePath(serverDir, root)}`, `api-prerender ${sitePath(root, packageRoot)}`];
  const head = [`tool ${key.tool}`, `node ${key.node}`, `config ${key.config}`, ...places, ...routeTableLines(routes)];
  return inputsLines(root, head, inputs, fingerprints);
}

/**
 * A key of the route table: while it is the same, the route file that answered a route last build
 * answers it now (the cache then takes it from the route's record, without asking the router).
 */
export function routeTableKey(routes: readonly RouteDefinition[]): string {
  return contentHash(routeTableLines(routes).join('\n'));
}

/** One line per route file (file, method, path), sorted by file. */
function routeTableLines(routes: readonly RouteDefinition[]): string[] {
  return [...routes].sort((a, b) => (a.file < b.file ? -1 : 1)).map(({ file, method, path }) => `route ${file} ${method} ${path}`);
}

/** The route table a bundle's key lines hold (the last build's, kept in the cache): {@link routeTableLines} read back. */
export function routeTableOf(lines: readonly string[]): RouteDefinition[] {
  return lines
    .filter((line) => line.startsWith('route '))
    .map((line) => {
      // The file may hold spaces; the method (maybe empty) and the path hold none.
      const pathAt = line.lastIndexOf(' ');
      const methodAt = line.lastIndexOf(' ', pathAt - 1);
      return { file: line.slice('route '.length, methodAt), method: line.slice(methodAt + 1, pathAt), path: line.slice(pathAt + 1) };
    });
}

/**
 * The key Rollup's cache of the last bundle must have to be used (rollup-cache.ts): what its
 * transforms depend on besides each module's source. The site's folder is in it: Rollup names
 * modules by absolute path, so a cache of another folder would match none of them. So is the folder
 * of the api-prerender building: a module whose source is unchanged keeps the resolutions the cache
 * holds, and the entry's import of our runtime resolved to another installation of the same version
 * (npx's, then the site's own) put two copies of the runtime in one bundle, which threw as it loaded.
 */
export function rollupCacheKey(config: Pick<ResolvedConfig, 'root' | 'apiPrefix' | 'routesDir'>, fingerprints: Fingerprints): string {
  const { tool, node, config: keys } = codeKey(config);
  return inputsKey(config.root, [`tool ${tool}`, `node ${node}`, `config ${keys}`, `root ${config.root}`, `installed ${packageRoot}`], [], fingerprints);
}
