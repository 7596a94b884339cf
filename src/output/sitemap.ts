import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { finished, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SitemapStream } from 'sitemap';
import type { SitemapFields } from '../config/types.ts';
import { errors, type PrerenderError } from '../errors.ts';
import { lazyPackage } from '../lazy-package.ts';
import { writingTo } from './output-file.ts';
import { byRoute } from './route-to-file.ts';

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
  fields: SitemapFields;
}

/** `host` and `route` joined by exactly one `/`. */
export function joinUrl(host: string, route: string): string {
  return host.replace(/\/+$/, '') + '/' + route.replace(/^\/+/, '');
}

/**
 * The path a sitemap lists for a route written to `file`: a route written as `<path>/index.html` is
 * listed as `<path>/`, the URL hosts serve it at without a redirect (Cloudflare Pages, Netlify and S3
 * websites answer `<path>` with a redirect to `<path>/`).
 * @example sitemapPath('/docs', 'docs/index.html') // '/docs/'
 */
export function sitemapPath(route: string, file: string): string {
  return (file === 'index.html' || file.endsWith('/index.html')) && !route.endsWith('/') ? route + '/' : route;
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
   * added after it show no earlier path can come. Throws WRITE_FAILED once a part could not be
   * written (a full disk), so the build stops there.
   */
  add(entry: SitemapEntry, route: string): void;
  /** URLs added so far. */
  readonly count: number;
  /** A promise while the file is behind (adding more would pile URLs up in memory), else undefined. */
  readonly behind: Promise<void> | undefined;
  /** Writes the rest: `sitemap.xml` (an index past {@link sitemapLimit}) and its parts. Returns the files; throws WRITE_FAILED. */
  finish(): Promise<string[]>;
  /** Stops writing (the build failed): waits for the parts under way, so their folder can go. Never throws. */
  abort(): Promise<void>;
}

/**
 * Starts the sitemap of `publicDir`: one `<url>` per entry, sorted by listed path so two builds of
 * one input are byte-identical, with the standard namespace only. Its parts of {@link sitemapLimit}
 * URLs are written as entries arrive, into a folder beside `publicDir` (so that no route's file is
 * touched), and moved in by `finish`: one part becomes `sitemap.xml`; more are `sitemap-1.xml`,
 * `sitemap-2.xml`, ... under a sitemap index. No entries: an empty urlset.
 */
export function createSitemapWriter(publicDir: string, host: string): SitemapWriter {
  // A failure names the file the parts become: their folder is gone by the time anyone reads it.
  let failure: PrerenderError | undefined;
  const fail = (error: unknown) => void (failure ??= errors.output(join(publicDir, 'sitemap.xml'), error));
  // Beside publicDir, not in it; a folder of its own, so that sitemaps written at once never meet.
  const made = mkdtemp(join(dirname(publicDir), '.sitemap-parts-')).catch(fail);
  const waiting: SitemapEntry[] = [];
  const parts: Promise<void>[] = [];
  let part: SitemapStream | undefined;
  let inPart = 0;
  let count = 0;
  let behind: Promise<void> | undefined;

  const emit = ({ route, fields }: SitemapEntry) => {
    // Lost already: what is still written would only meet a destroyed stream.
    if (failure) return;
    if (!part || inPart === sitemapLimit) {
      part?.end();
      part = new (sitemapPackage().SitemapStream)({ xmlns: { news: false, xhtml: false, image: false, video: false } });
      const file = `sitemap-${parts.length + 1}.xml`;
      const stream = part;
      // A pipeline, not pipe(): a file that fails destroys the part too, so nothing waits on it for ever.
      parts.push(made.then((dir) => (dir === undefined ? void stream.destroy() : pipeline(stream, createWriteStream(join(dir, file))))).catch(fail));
      inPart = 0;
    }
    if (!part.write({ url: joinUrl(host, route), lastmod: fields.lastmod, changefreq: fields.changefreq, priority: fields.priority }) && !behind) {
      behind = roomIn(part).then(() => void (behind = undefined));
    }
    inPart++;
    count++;
  };
  // Entries whose listed path sorts before `bound` can be written: every later one lists `bound` or after.
  const release = (bound: string | undefined) => {
    let ready = 0;
    while (ready < waiting.length && (bound === undefined || waiting[ready].route < bound)) ready++;
    for (const entry of waiting.splice(0, ready)) emit(entry);
  };

  return {
    add(entry, route) {
      if (failure) throw failure;
      release(route);
      waiting.splice(insertionPoint(waiting, entry.route), 0, entry);
    },
    get count() {
      return count + waiting.length;
    },
    get behind() {
      return behind;
    },
    async finish() {
      release(undefined);
      part?.end();
      const partsDir = await made;
      await Promise.all(parts);
      if (failure || partsDir === undefined) throw failure;
      const names = sitemapFileNames(count);
      const into = (name: string, write: (path: string) => Promise<void>) => writingTo(join(publicDir, name), () => write(join(publicDir, name)));
      if (names.length === 1) {
        // With every route failed or left out, sitemap.xml still exists, as the host setting promises.
        if (count === 0) await into(names[0], (path) => writeFile(path, emptyUrlset));
        else await into(names[0], (path) => rename(join(partsDir, 'sitemap-1.xml'), path));
      } else {
        for (const name of names.slice(1)) await into(name, (path) => rename(join(partsDir, name), path));
        const { SitemapIndexStream, streamToPromise } = sitemapPackage();
        const index = new SitemapIndexStream();
        for (const name of names.slice(1)) index.write({ url: joinUrl(host, name) });
        index.end();
        const text = await streamToPromise(index);
        await into(names[0], (path) => writeFile(path, text));
      }
      await rm(partsDir, { recursive: true, force: true });
      return names;
    },
    async abort() {
      part?.end();
      await Promise.all(parts);
      const partsDir = await made;
      if (partsDir !== undefined) await rm(partsDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

/**
 * Resolves once `stream` takes writes again (drained) or never will (ended or failed), leaving no
 * listener behind: waits on a stream that fills again and again must not pile listeners up on it.
 */
function roomIn(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stopWatching();
      resolve();
    };
    const stopWatching = finished(stream, { readable: false }, done);
    stream.once('drain', done);
  });
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

/** What the sitemap package writes for a urlset, which it refuses to write empty. */
const emptyUrlset = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';
