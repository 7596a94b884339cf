/**
 * The one reader of links in the output: `prerender.crawl` follows what it returns and
 * `prerender.links` checks it, so the check sees exactly the links the crawl would follow. A body is
 * read by its type (find-links.ts), and each link put through the one rule of which route it names
 * (link-route.ts), relative to the URL the page is served at.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { typeByExtension } from '../runtime/extension.ts';
import { encodeSegment } from '../runtime/url-path.ts';
import { isXmlType } from '../content-type.ts';
import { sitemapPath } from '../output/sitemap.ts';
import { createXmlLinkParser, findLinks, readsLinks, type FoundLinks } from './find-links.ts';
import { pageUrl, siteLinks, siteUrl, type SiteLink, type SiteUrl } from './link-route.ts';

/** Reads the same-site links of bodies in the output. */
export interface LinkReader {
  /** The links of a route's body, written to `file` (the page is served at its sitemap path: `/docs/` for `docs/index.html`). */
  ofRoute(route: string, file: string, contentType: string, body: Uint8Array): SiteLink[];
  /**
   * The links a body holds as written, before any is resolved (find-links.ts); `undefined` when it
   * holds none. Depends on the body alone: the cache keeps it, and a reused route is not read again.
   */
  find(contentType: string, body: Uint8Array): FoundLinks | undefined;
  /** The same-site links among `found`, as {@link ofRoute} gives those of the body they were found in. */
  ofFound(route: string, file: string, found: FoundLinks): SiteLink[];
  /**
   * The links of a file of `public/` no route wrote (publicDir, the sitemap) at `path`, named `file`
   * in `public/` and served at its own path, typed by its extension as the static layer types it;
   * handed to `onLinks` in batches. Files over `maxBytes` are not read; XML is read in pieces (a
   * sitemap part of 50,000 URLs is never held whole), HTML and JSON whole.
   */
  ofFile(path: string, file: string, maxBytes: number, onLinks: (links: SiteLink[]) => void): Promise<void>;
}

/** A reader for a site served at `prerender.sitemap.host` (without one, only relative and root-relative links are the site's). */
export function createLinkReader(sitemapHost: string | undefined): LinkReader {
  const site = siteUrl(sitemapHost);
  const read = (servedPath: string, contentType: string, body: Uint8Array) => {
    const found = findLinks(contentType, body);
    return found ? siteLinks(found, pageUrl(site, servedPath), site) : [];
  };
  return {
    ofRoute: (route, file, contentType, body) => read(sitemapPath(route, file), contentType, body),
    find(contentType, body) {
      const found = findLinks(contentType, body);
      return found && found.links.length > 0 ? found : undefined;
    },
    ofFound: (route, file, found) => siteLinks(found, pageUrl(site, sitemapPath(route, file)), site),
    async ofFile(path, file, maxBytes, onLinks) {
      const type = typeByExtension(file);
      if (type === undefined || !readsLinks(type) || (await stat(path)).size > maxBytes) return;
      if (isXmlType(type)) return readXmlFile(path, pageUrl(site, filePath(file)), site, onLinks);
      onLinks(read(filePath(file), type, await readFile(path)));
    },
  };
}

/** Pieces an XML file is read in. */
const pieceBytes = 256 * 1024;

/** The links of an XML file (UTF-8, as its type says), piece by piece, each piece's links handed on. */
async function readXmlFile(path: string, page: string, site: SiteUrl, onLinks: (links: SiteLink[]) => void): Promise<void> {
  let found: string[] = [];
  const parser = createXmlLinkParser((link) => found.push(link));
  const decoder = new TextDecoder();
  const handOn = () => {
    if (found.length > 0) onLinks(siteLinks({ kind: 'document', links: found }, page, site));
    found = [];
  };
  for await (const piece of createReadStream(path, { highWaterMark: pieceBytes })) {
    parser.write(decoder.decode(piece as Buffer, { stream: true }));
    handOn();
  }
  parser.write(decoder.decode());
  parser.close();
  handOn();
}

/** The URL path a file of `public/` is served at: each segment encoded. */
export function filePath(file: string): string {
  return '/' + file.split('/').map((segment) => encodeSegment(segment) ?? segment).join('/');
}
