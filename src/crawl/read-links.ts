/**
 * The one reader of links in the output: `prerender.crawl` follows what it returns and
 * `prerender.links` checks it, so the check sees exactly the links the crawl would follow. A body is
 * read by its type (find-links.ts), and each link put through the one rule of which route it names
 * (link-route.ts), relative to the URL the page is served at.
 */
import { encodeSegment } from '../runtime/url-path.ts';
import { findLinks } from './find-links.ts';
import { pageUrl, siteLinks, siteUrl, type SiteLink } from './link-route.ts';
import { sitemapPath } from '../output/sitemap.ts';

/** Reads the same-site links of bodies in the output. */
export interface LinkReader {
  /** The links of a route's body, written to `file` (the page is served at its sitemap path: `/docs/` for `docs/index.html`). */
  ofRoute(route: string, file: string, contentType: string, body: Uint8Array): SiteLink[];
  /** The links of a file no route wrote (publicDir, the sitemap), served at its own path (`file` relative to `public/`). */
  ofFile(file: string, contentType: string, body: Uint8Array): SiteLink[];
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
    ofFile: (file, contentType, body) => read(filePath(file), contentType, body),
  };
}

/** The URL path a file of `public/` is served at: each segment encoded. */
export function filePath(file: string): string {
  return '/' + file.split('/').map((segment) => encodeSegment(segment) ?? segment).join('/');
}
