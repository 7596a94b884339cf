/**
 * `vite preview`: the last build as `prerender preview` serves it: files of `<outDir>/<name>/public`
 * with the types the manifest recorded, then the routes of its server bundle under the prefix; none
 * for a build made for a host that serves the files alone (its preset's), as there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle } from '../bundle/load-bundle.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { errors } from '../errors.ts';
import { staticHosts } from '../hosts/host-output.ts';
import { builtPreset } from '../output/manifest.ts';
import { methodNotServed, noFileServed } from '../runtime/files-alone.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { plain } from '../runtime/listen.ts';
import { createBuildFiles, fileCacheControl } from '../runtime/static.ts';
import { withFolderPages } from '../runtime/folder-page.ts';
import { decodeSegment } from '../runtime/url-path.ts';
import type { PartialHandler } from './node-middleware.ts';

/**
 * A handler over the build: a file when there is one, a route under the prefix, else `undefined`
 * (Vite serves the rest). A host's own file (`/_headers`) is a 404, as from a host and `prerender
 * preview`: Vite would serve its outDir's as they are. Throws NO_BUILD when the site was never built.
 */
export async function startPreviewRoutes(config: ResolvedConfig, owns: (pathname: string) => boolean): Promise<PartialHandler> {
  const dir = join(config.outDir, config.name);
  const serverFile = join(dir, 'server', 'index.mjs');
  if (!existsSync(serverFile)) throw errors.noBuild(dir, undefined, existsSync(dir), 'vite build');
  const bundle = await loadBundle(serverFile, config);
  const files = createBuildFiles(dir);
  const routes = withFolderPages((request) => bundle.fetch(request), fileCacheControl);
  const filesOnly = staticHosts[builtPreset(dir) ?? config.preset];
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (isHostFile(pathname)) return plain(404, 'Not Found');
    const served = await files(request);
    if (served !== undefined || !owns(pathname)) return served;
    if (filesOnly === undefined) return routes(request);
    return methodNotServed(request.method, filesOnly) ?? noFileServed(pathname, filesOnly);
  };
}

/** Whether `pathname`, as requested (percent-encoded), names a host's configuration file. */
const isHostFile = (pathname: string) => isHostConfigFile(pathname.split('/').slice(1).map((raw) => decodeSegment(raw) ?? raw));
