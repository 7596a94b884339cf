/**
 * The write-outputs step: what the build writes once every route is rendered: the sitemap, robots.txt,
 * the preset's host files (hosts/), a shard's info for merge; and the host warnings.
 */
import { whileDoing } from '../file-limit.ts';
import { servedFiles, staticHosts, writeHostOutput } from '../hosts/host-output.ts';
import { unservedWarning } from '../hosts/unserved-routes.ts';
import { shownPath } from '../config/output-paths.ts';
import { warn } from '../log.ts';
import { manifestName, readManifestEntries } from '../output/manifest.ts';
import type { PublicFiles } from '../hosts/plan-header-rules.ts';
import { isHostConfigFile } from '../runtime/host-files.ts';
import { writeRobots } from '../output/robots.ts';
import { sitemapFileNames, sitemapOwner } from '../output/sitemap.ts';
import { writeShardInfo } from '../shard/shard-info.ts';
import { warnings } from '../warnings.ts';
import type { BuildContext } from './context.ts';
import type { PlannedRoutes } from './plan.ts';
import type { Rendered } from './prerender.ts';
import { join } from 'node:path';

/** Writes the rest of the staged output; returns the files it added beside the routes' (`sitemap.xml`, `robots.txt`, `_headers`). */
export async function writeOutputs(build: BuildContext, planned: PlannedRoutes, rendered: Rendered): Promise<string[]> {
  return whileDoing('prerendering the routes and writing the output', async () => {
    const { config, logger, paths, claims, signal, shard } = build;
    const { sink, tally } = rendered;
    const host = staticHosts[config.preset];
    if (host !== undefined && rendered.served) {
      const served = servedFiles[config.preset] ?? `public/ (preset "${config.preset}")`;
      const unserved = unservedWarning(host, served, await rendered.served.unserved(), shownPath(join(paths.final, 'server', 'index.mjs')));
      if (unserved) warn(logger, unserved);
    }
    signal?.throwIfAborted();
    let sitemapFiles: string[] = [];
    if (sink.sitemap) {
      for (const part of sitemapFileNames(sink.sitemap.count).slice(1)) claims.claim(part, sitemapOwner);
      sitemapFiles = await sink.sitemap.finish();
    }
    const { sitemapHost } = config.prerender;
    const robotsFiles = sitemapHost && (await writeRobots(paths.publicDir, sitemapHost)) ? ['robots.txt'] : [];
    build.siteFiles.push(...sitemapFiles, ...robotsFiles);
    // Last: the Vercel and Cloudflare presets see every file, the sitemap included.
    // Every route's file is read back from the manifest where the host output needs it, never kept
    // all along; the `_headers` rules were planned as the files were written.
    const files: PublicFiles = {
      routes: () => readManifestEntries(join(paths.dir, manifestName)),
      others: async () => build.siteFiles.filter((file) => !isHostConfigFile(file.split('/'))),
    };
    const hostFiles = await writeHostOutput({ preset: config.preset, mistypedFiles: config.mistypedFiles, distDir: paths.dir, publicDir: paths.publicDir, files, rules: sink.rules, logger });
    signal?.throwIfAborted();
    if (shard) {
      const { name: site, publicDir, preset, mistypedFiles } = config;
      const sitemap = sink.sitemapEntries ?? [];
      // The codings the compress step writes copies in, which merge writes the sitemap's in.
      const compress = host === undefined ? config.compress : [];
      await writeShardInfo(paths.dir, { name: site, shard, publicDir, sitemapHost, preset, mistypedFiles, compress, planned: planned.all, sitemap, sitemapFiles, failures: tally.failures });
    }
    // Only where the host is not known: Netlify and Cloudflare Pages read the _headers rules that type
    // these files, Vercel's overrides type them, and github-pages reported them (mistypedFiles).
    if (config.preset === 'static' && sink.untyped.count > 0) {
      const { count, examples } = sink.untyped;
      warn(logger, warnings.untypedFiles(count, examples.join(', '), count > 3));
    }
    if (config.preset === 'static' && sink.mistyped.count > 0) {
      const { count, examples } = sink.mistyped;
      warn(logger, warnings.typedByExtension(count, examples.join(', '), count > 3));
    }
    return [...sitemapFiles, ...robotsFiles, ...hostFiles];
  });
}
