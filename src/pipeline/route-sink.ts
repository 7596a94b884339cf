/**
 * Where the prerender's results go, one by one in route order, so that nothing growing with the
 * route count stays in memory: each written route becomes a manifest line and a sitemap URL on their
 * way to disk (and, with the cache, a record on its way to the cache), and only counts, failures,
 * the cache's reasons and a few facts the end of the build needs are kept.
 */
import { createRenderLog } from '../cache/render-log.ts';
import type { RouteRecord } from '../cache/record.ts';
import type { PrerenderRoute, Preset } from '../config/types.ts';
import type { HeaderRulePlanner } from '../hosts/plan-header-rules.ts';
import { createManifestWriter, type ManifestEntry } from '../output/manifest.ts';
import type { PrerenderResult } from '../prerender/prerender.ts';
import { typeMistake } from '../hosts/type-mistake.ts';
import { createSitemapWriter, sitemapPath, type SitemapEntry, type SitemapWriter } from '../output/sitemap.ts';
import { siteFile } from '../bundle/load-bundle.ts';
import { siteTrace, type SiteCode } from '../prerender/site-trace.ts';
import type { RouteFailure, RouteTally } from '../report/build-report.ts';

/** What a sink was told, for the end of the build. */
export interface RouteSink {
  /** Takes a route's result and the route it rendered (its sitemap fields, who listed it); results come sorted by route. */
  add(result: PrerenderResult, target: PrerenderRoute): void;
  tally: RouteTally;
  /** Written files without extension and not HTML (hosts reading no `_headers` guess their type): how many, and the first three. */
  untyped: { count: number; examples: string[] };
  /** Written files whose extension hosts reading no `_headers` type as another media type than the route answered: how many, and the first three. */
  mistyped: { count: number; examples: string[] };
  /** The `_headers` rules planned from the files written, when the preset writes them. */
  rules?: HeaderRulePlanner;
  /** The sitemap under way, when the site has one. */
  sitemap?: SitemapWriter;
  /** The sitemap's entries, kept only when asked (a shard build hands them to merge). */
  sitemapEntries?: SitemapEntry[];
  /** Ends the manifest (it throws WRITE_FAILED when it cannot). */
  closeManifest(): void;
  /** After a failure: closes the manifest's file and stops the sitemap's writes; never throws. */
  abort(): Promise<void>;
}

/** Options of {@link createRouteSink}. */
export interface RouteSinkOptions {
  /** The staged `dist/<name>` (the manifest) and its `public/` (the sitemap). */
  distDir: string;
  publicDir: string;
  /** The preset the output is written for, and the config file read (`null`: none), recorded in the manifest. */
  preset: Preset;
  configFile: string | null;
  sitemapHost?: string;
  keepSitemapEntries: boolean;
  /** Also told every result, written or failed, in route order (the build report's rows). */
  onRoute?: (result: PrerenderResult, target: PrerenderRoute) => void;
  /** The site's own code: a failed route whose handler threw says where in it (site-trace.ts). */
  site: SiteCode;
  /** Takes the cache's record of each route written (an incremental build's), in route order. */
  keepRecord?: (record: RouteRecord) => void;
  /** Told each file written, for the `_headers` rules (a preset whose host reads them). */
  rules?: HeaderRulePlanner;
}

/** A sink writing the manifest (and the sitemap, when `sitemapHost` is set) as results arrive. */
export function createRouteSink(options: RouteSinkOptions): RouteSink {
  const manifest = createManifestWriter(options.distDir, { preset: options.preset, config: options.configFile });
  const sink: RouteSink = {
    tally: { ok: 0, bytes: 0, retries: 0, retried: [], failures: [], crawled: 0, renders: createRenderLog() },
    untyped: { count: 0, examples: [] },
    mistyped: { count: 0, examples: [] },
    rules: options.rules,
    sitemap: options.sitemapHost ? createSitemapWriter(options.publicDir, options.sitemapHost) : undefined,
    sitemapEntries: options.keepSitemapEntries ? [] : undefined,
    add(result, target) {
      options.onRoute?.(result, target);
      const fields = target.sitemap;
      const { route, file, status, contentType, headers, bytes, ms, error, retries, foundOn } = result;
      if (result.reused) sink.tally.renders!.reuse();
      // A route no route file serves ran no handler: nothing was rendered (it fails, NO_ROUTE_FILE).
      else if (!result.unrouted) sink.tally.renders!.render(route, result.reason ?? 'no cache');
      if (foundOn !== undefined) sink.tally.crawled++;
      if (retries) {
        sink.tally.retries += retries;
        sink.tally.retried.push({ route, retries });
      }
      if (error !== undefined || file === undefined || contentType === undefined) {
        const failure: RouteFailure = { route, status, error: error ?? 'no file' };
        if (result.unrouted) failure.code = 'NO_ROUTE_FILE';
        if (result.unwritable) failure.code = 'OUTPUT_CLASH';
        if (foundOn !== undefined) failure.foundOn = foundOn;
        if (target.listedBy !== undefined) failure.listedBy = target.listedBy;
        const { at, trace } = result.thrown === undefined ? { at: undefined, trace: '' } : siteTrace(result.thrown, options.site);
        // Where the error came from in the site's code, else the route's file.
        const place = at ?? (result.routeFile === undefined ? undefined : siteFile(options.site, result.routeFile));
        if (place) failure.error += ` (${place})`;
        if (trace) failure.trace = trace;
        sink.tally.failures.push(failure);
        return;
      }
      const entry: ManifestEntry = { route, foundOn, file, status, contentType, headers, bytes: bytes ?? 0, ms, listedBy: target.listedBy };
      manifest.add(entry);
      if (result.record) options.keepRecord?.(result.record);
      sink.tally.ok++;
      sink.tally.bytes += entry.bytes;
      options.rules?.add(entry);
      // A handler's result warned about (HANDLER_RESULT: undefined, a Map, HTML returned as a string)
      // is the mistake to fix, and its warning the fix: its type follows from it, not said twice.
      const mistake = result.mistake === undefined ? typeMistake(file, contentType) : undefined;
      if (mistake?.code === 'UNTYPED_FILE' && sink.untyped.count++ < 3) sink.untyped.examples.push(`${route} (${contentType})`);
      else if (mistake?.code === 'MISTYPED_FILE' && sink.mistyped.count++ < 3) sink.mistyped.examples.push(`${route} (${contentType}, served as ${mistake.servedAs})`);
      if (fields === false || !sink.sitemap) return;
      const listed = { route: sitemapPath(route, file), fields };
      sink.sitemap.add(listed, route);
      sink.sitemapEntries?.push(listed);
    },
    closeManifest: () => manifest.close(),
    async abort() {
      manifest.close(true);
      options.rules?.discard();
      await sink.sitemap?.abort();
    },
  };
  return sink;
}
