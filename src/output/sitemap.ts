import { mkdtempSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EnumChangefreq } from 'sitemap';
import type { CheckedSitemapFields } from '../config/types.ts';
import { errors, PrerenderError } from '../errors.ts';
import { lazyPackage } from '../lazy-package.ts';
import { writingTo } from './output-file.ts';
import { byRoute } from './route-to-file.ts';
import { createTextFile, type TextFile } from './text-file.ts';

/**
 * The sitemap package, loaded when a sitemap is first written: with the streams it pulls in it is
 * ~12 MB of the build process, which would otherwise sit under bundling and the type check too.
 */
const sitemapPackage = lazyPackage<typeof import('sitemap')>('sitemap');

/** The most URLs one sitemap file may hold (sitemaps.org); past it, `sitemap.xml` becomes an index. */
export const sitemapLimit = 50_000;

/** Who writes the sitemap's files, as a clash with a route's file names it. */
export const sitemapOwner = 'the sitemap (prerender.sitemap.host)';

/** One URL of the sitemap. */
export interface SitemapEntry {
  route: string;
  fields: CheckedSitemapFields;
}

/** `host` and `route` joined by exactly one `/`. */
export function joinUrl(host: string, route: string): string {
  return host.replace(/\/+$/, '') + '/' + route.replace(/^\/+/, '');
}

/**
 * The path a sitemap lists for a route written to `file`, and the page's relative links resolve
 * against: a route written as `<path>/index.html` is listed as `<path>/`, the URL hosts serve it at
 * without a redirect (Cloudflare Pages, Netlify and S3 websites answer `<path>` with a redirect to
 * `<path>/`), whether it was listed as `<path>` or as `<path>/index.html` itself.
 * @example sitemapPath('/docs', 'docs/index.html') // '/docs/'
 * @example sitemapPath('/docs/index.html', 'docs/index.html') // '/docs/'
 */
export function sitemapPath(route: string, file: string): string {
  if (file !== 'index.html' && !file.endsWith('/index.html')) return route;
  if (route.endsWith('/index.html')) return route.slice(0, -'index.html'.length);
  return route.endsWith('/') ? route : route + '/';
}

/** The files a sitemap of `count` URLs is written to: `sitemap.xml`, then its parts past {@link sitemapLimit}. */
export function sitemapFileNames(count: number): string[] {
  if (count <= sitemapLimit) return ['sitemap.xml'];
  const parts = Array.from({ length: Math.ceil(count / sitemapLimit) }, (_, i) => `sitemap-${i + 1}.xml`);
  return ['sitemap.xml', ...parts];
}

/** A sitemap being written, entry by entry. */
export interface SitemapWriter {
  /**
   * Adds an entry. Entries come in the order of their routes; `entry.route` (the listed path) may
   * sort later than its route (`/docs` listed as `/docs/`), so an entry waits until the routes
   * added after it show no earlier path can come. Throws WRITE_FAILED when a part cannot be
   * written (a full disk), so the build stops there.
   */
  add(entry: SitemapEntry, route: string): void;
  /** URLs added so far. */
  readonly count: number;
  /** Writes the rest: `sitemap.xml` (an index past {@link sitemapLimit}) and its parts. Returns the files; throws WRITE_FAILED. */
  finish(): Promise<string[]>;
  /** Stops writing (the build failed) and removes the parts written. Never throws. */
  abort(): Promise<void>;
}

/** What the sitemap package writes before the URLs of a urlset with the standard namespace only, and after them. */
const urlsetStart = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const urlsetEnd = '</urlset>';

/**
 * Starts the sitemap of `publicDir`: one `<url>` per entry, sorted by listed path so two builds of
 * one input are byte-identical, with the standard namespace only. Its parts of {@link sitemapLimit}
 * URLs are written as entries arrive, into a folder beside `publicDir` (so that no route's file is
 * touched), and moved in by `finish`: one part becomes `sitemap.xml`; more are `sitemap-1.xml`,
 * `sitemap-2.xml`, ... under a sitemap index. No entries: an empty urlset.
 *
 * Each URL is normalised, checked and written as XML by the sitemap package's own steps (what its
 * `SitemapStream` does with an item), its `SitemapItemStream` driven at once: the `SitemapStream`
 * itself takes a turn of the event loop for every URL, which made a tenth of a large build's time.
 */
export function createSitemapWriter(publicDir: string, host: string): SitemapWriter {
  const { SitemapItemStream, normalizeURL, validateSMIOptions } = sitemapPackage();
  // A failure names the file the parts become: their folder is gone by the time anyone reads it.
  const sitemapFile = join(publicDir, 'sitemap.xml');
  let failure: PrerenderError | undefined;
  let partsDir: string | undefined;
  const waiting: SitemapEntry[] = [];
  let part: TextFile | undefined;
  let parts = 0;
  let inPart = 0;
  let count = 0;
  const items = new SitemapItemStream();
  // The item stream hands each URL's XML on as it is written: it transforms at once, nothing waits.
  items.on('data', (xml: string | Buffer) => part!.write(String(xml)));

  const endPart = () => {
    part?.write(urlsetEnd);
    part?.end();
  };
  const emit = ({ route, fields }: SitemapEntry) => {
    if (!part || inPart === sitemapLimit) {
      endPart();
      // Beside publicDir, not in it; a folder of its own, so that sitemaps written at once never meet.
      partsDir ??= mkdtempSync(join(dirname(publicDir), '.sitemap-parts-'));
      part = createTextFile(join(partsDir, `sitemap-${++parts}.xml`));
      part.write(urlsetStart);
      inPart = 0;
    }
    items.write(validateSMIOptions(normalizeURL({ url: joinUrl(host, route), lastmod: fields.lastmod, changefreq: fields.changefreq as EnumChangefreq | undefined, priority: fields.priority })));
    inPart++;
    count++;
  };
  // Entries whose listed path sorts before `bound` can be written: every later one lists `bound` or after.
  const release = (bound: string | undefined) => {
    let ready = 0;
    while (ready < waiting.length && (bound === undefined || waiting[ready].route < bound)) ready++;
    for (const entry of waiting.splice(0, ready)) emit(entry);
  };
  /** Runs a step that writes parts: once one failed (a full disk), every later step throws that. */
  const writing = (step: () => void) => {
    if (failure) throw failure;
    try {
      step();
    } catch (error) {
      failure = errors.output(sitemapFile, error instanceof PrerenderError && error.cause !== undefined ? error.cause : error);
      throw failure;
    }
  };

  return {
    add(entry, route) {
      writing(() => release(route));
      waiting.splice(insertionPoint(waiting, entry.route), 0, entry);
    },
    get count() {
      return count + waiting.length;
    },
    async finish() {
      writing(() => {
        release(undefined);
        endPart();
      });
      const names = sitemapFileNames(count);
      const into = (name: string, write: (path: string) => Promise<void>) => writingTo(join(publicDir, name), () => write(join(publicDir, name)));
      if (names.length === 1) {
        // With every route failed or left out, sitemap.xml still exists, as the host setting promises.
        if (count === 0) await into(names[0], (path) => writeFile(path, urlsetStart + urlsetEnd));
        else await into(names[0], (path) => rename(join(partsDir!, 'sitemap-1.xml'), path));
      } else {
        for (const name of names.slice(1)) await into(name, (path) => rename(join(partsDir!, name), path));
        const { SitemapIndexStream, streamToPromise } = sitemapPackage();
        const index = new SitemapIndexStream();
        for (const name of names.slice(1)) index.write({ url: joinUrl(host, name) });
        index.end();
        const text = await streamToPromise(index);
        await into(names[0], (path) => writeFile(path, text));
      }
      if (partsDir !== undefined) await rm(partsDir, { recursive: true, force: true });
      return names;
    },
    async abort() {
      if (partsDir !== undefined) await rm(partsDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

/** Where `route` goes in `sorted` (sorted by route) to keep it sorted. */
function insertionPoint(sorted: SitemapEntry[], route: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid].route < route) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Writes the sitemap of `entries` (in any order) into `publicDir`: see {@link createSitemapWriter}. */
export async function writeSitemap(publicDir: string, host: string, entries: SitemapEntry[]): Promise<string[]> {
  const writer = createSitemapWriter(publicDir, host);
  for (const entry of [...entries].sort(byRoute)) writer.add(entry, entry.route);
  return writer.finish();
}

