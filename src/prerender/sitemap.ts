import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { SitemapFields } from '../config/types.ts';
import { byRoute } from './route-to-file.ts';

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

/** The files a sitemap of `count` URLs is written to: `sitemap.xml`, then its parts past {@link sitemapLimit}. */
export function sitemapFileNames(count: number): string[] {
  if (count <= sitemapLimit) return ['sitemap.xml'];
  const parts = Array.from({ length: Math.ceil(count / sitemapLimit) }, (_, i) => `sitemap-${i + 1}.xml`);
  return ['sitemap.xml', ...parts];
}

/**
 * Writes `sitemap.xml` into `publicDir`: one `<url>` per entry, sorted by route so two builds of one
 * input are byte-identical, with the standard namespace only. Over {@link sitemapLimit} URLs it writes
 * `sitemap-1.xml`, `sitemap-2.xml`, ... and a sitemap index as `sitemap.xml`. No entries: an empty
 * urlset. Returns the files written.
 */
export async function writeSitemap(publicDir: string, host: string, entries: SitemapEntry[]): Promise<string[]> {
  const sorted = [...entries].sort(byRoute);
  const [main, ...parts] = sitemapFileNames(sorted.length);
  if (parts.length === 0) {
    await writeFile(join(publicDir, main), await urlset(host, sorted));
    return [main];
  }
  for (const [i, name] of parts.entries()) {
    await writeFile(join(publicDir, name), await urlset(host, sorted.slice(i * sitemapLimit, (i + 1) * sitemapLimit)));
  }
  const index = new SitemapIndexStream();
  for (const name of parts) index.write({ url: joinUrl(host, name) });
  index.end();
  await writeFile(join(publicDir, main), await streamToPromise(index));
  return [main, ...parts];
}

/** What the sitemap package writes for a urlset, which it refuses to write empty. */
const emptyUrlset = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';

async function urlset(host: string, entries: SitemapEntry[]): Promise<Buffer | string> {
  // With every route failed or left out, sitemap.xml still exists, as the host setting promises.
  if (entries.length === 0) return emptyUrlset;
  const stream = new SitemapStream({ xmlns: { news: false, xhtml: false, image: false, video: false } });
  for (const { route, fields } of entries) {
    stream.write({ url: joinUrl(host, route), lastmod: fields.lastmod, changefreq: fields.changefreq, priority: fields.priority });
  }
  stream.end();
  return streamToPromise(stream);
}
