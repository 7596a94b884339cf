/**
 * The check-links step (`prerender.links`): the links read as the routes were written (prerender
 * step) are joined by those of the files no route wrote (publicDir's copies), and what
 * reaches no file is asked of the loaded server; broken links are warnings, or with `'error'` the
 * build's end before anything is published.
 */
import type { ServerBundle } from '../bundle/load-bundle.ts';
import { finishLinkCheck, type RouteOnlyLink } from '../checks/finish-link-check.ts';
import { whileDoing } from '../file-limit.ts';
import { staticHosts } from '../hosts/host-output.ts';
import type { BuildContext } from './context.ts';
import { routeHandler } from './load.ts';
import { sitemapFileNames } from '../output/sitemap.ts';
import type { Rendered } from './prerender.ts';
import type { PlannedRoutes } from './plan.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { otherMethodsOf } from '../routes/other-methods.ts';

/**
 * Finishes the link check the prerender step started; nothing to do when `prerender.links` is false.
 * Returns the links only a route answers (for the report), `undefined` when links were not checked.
 */
export async function checkLinks(build: BuildContext, rendered: Rendered, server: () => Promise<ServerBundle>, routeFiles: RouteDefinition[], planned: PlannedRoutes): Promise<RouteOnlyLink[] | undefined> {
  const { config, paths, logger } = build;
  const mode = config.prerender.links;
  if (!mode || !rendered.links) return undefined;
  const { check, reader } = rendered.links;
  // The sitemap this build wrote lists only routes it wrote, each at the path it is served at
  // (sitemapPath): every <loc> reaches its file by construction, and reading 100,000 of them back
  // took half a second. A sitemap of publicDir's is read like any other file.
  const generated = new Set(rendered.sink.sitemap ? sitemapFileNames(rendered.sink.sitemap.count) : []);
  const files = build.siteFiles.filter((file) => !generated.has(file));
  const { timeout, maxBodySize, retry, concurrency } = config.prerender;
  // Asked of the server as the prerender asks a route: its bounds, its retries, its concurrency; the
  // server loaded when a link reaches no file (a build whose routes were all reused may not have it).
  // A host that serves files alone (a static preset's) answers no link a route alone answers.
  const asking = { ...routeHandler(server, build.signal), bounds: { timeout, maxBodySize }, retry, concurrency, filesOnly: staticHosts[config.preset] };
  return whileDoing('checking the links of the output', () =>
    finishLinkCheck({ ...asking, mode, check, reader, publicDir: paths.publicDir, files, maxBytes: maxBodySize, otherMethodsOf: otherMethodsOf(routeFiles, config), writtenElsewhere: build.shard ? planned.all : undefined, logger }),
  );
}
