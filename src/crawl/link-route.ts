/**
 * Which route of the site a found link names, if any: the one rule the crawl reads links by. A link
 * is resolved as a browser resolves it (the URL parser removes `.` and `..` segments in every
 * spelling, so no link climbs out of the site), its query and fragment dropped (a file cannot hold
 * them: `/items?page=2` is served by the file of `/items`), and its path put in the one spelling
 * routes are matched on ({@link normalizePathname}).
 */
import { normalizePathname } from '../runtime/url-path.ts';
import type { FoundLinks } from './find-links.ts';

/** Where the site is served: `prerender.sitemap.host`'s origin and path (ending in `/`). */
export interface SiteUrl {
  origin: string;
  path: string;
  /** The origin spelt with the other of http and https (`http://example.com` for `https://example.com`): the same site. */
  otherScheme: string;
}

/** The site's URL without `prerender.sitemap.host`: a reserved name no real link can point at (RFC 6761). */
const standIn = 'http://site.invalid/';

/**
 * The site's URL from `prerender.sitemap.host`; without one, links with a host are never the site's.
 * @example siteUrl('https://example.com/blog') // { origin: 'https://example.com', path: '/blog/', otherScheme: 'http://example.com' }
 */
export function siteUrl(host: string | undefined): SiteUrl {
  const url = new URL(host ?? standIn);
  const path = url.pathname.endsWith('/') ? url.pathname : url.pathname + '/';
  // With its port: `https://example.com:8443`'s http spelling is `http://example.com:8443`.
  const otherScheme = `${url.protocol === 'https:' ? 'http:' : 'https:'}//${url.host}`;
  return { origin: url.origin, path, otherScheme };
}

/**
 * The URL a page is served at, relative links in it resolve against: `servedPath` is the path hosts
 * serve the route at (sitemap.ts's `sitemapPath`: `/docs/` for a route written as `docs/index.html`).
 */
export function pageUrl(site: SiteUrl, servedPath: string): string {
  return site.origin + site.path + servedPath.slice(1);
}

/**
 * The route `link` names, resolved against `base` (the page's URL): `undefined` when it is not a URL,
 * or leaves the site (a scheme but http and https, another host or port, or outside the host's path).
 * @example linkToRoute('../b?x=1#top', 'https://example.com/docs/a/', siteUrl('https://example.com')) // '/docs/b'
 */
export function linkToRoute(link: string, base: string, site: SiteUrl): string | undefined {
  // Most links are plain paths, absolute on the site or root-relative on a page of it (a sitemap's
  // <loc>, a catalogue's JSON): the URL parser would give them back unchanged, so it is not asked.
  const root = site.origin + site.path;
  if (link.startsWith(root) && plainPath.test(link.slice(root.length - 1))) return link.slice(root.length - 1);
  if (site.path === '/' && link.startsWith('/') && base.startsWith(root) && plainPath.test(link)) return link;
  return resolveLink(link, base, site);
}

/**
 * A path of segments of unreserved characters only, none of them `.` or `..`: the URL parser and
 * {@link normalizePathname} give it back unchanged.
 */
const plainPath = /^(?:\/(?!\.\.?(?:\/|$))[\w.~-]+)*\/?$/;

/** {@link linkToRoute} through the URL parser, for any link. */
export function resolveLink(link: string, base: string, site: SiteUrl): string | undefined {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return undefined;
  }
  // A link spelt http:// to an https site (or the reverse) names the same page: it is checked too.
  if (url.origin !== site.origin && url.origin !== site.otherScheme) return undefined;
  if (url.pathname + '/' === site.path) return '/';
  if (!url.pathname.startsWith(site.path)) return undefined;
  return normalizePathname('/' + url.pathname.slice(site.path.length));
}

/** A same-site link: as written in the body, and the route path it names ({@link linkToRoute}). */
export interface SiteLink {
  link: string;
  route: string;
}

/**
 * The same-site links of a body, in the order found (repeats included). JSON's root-relative paths
 * are routes as written; its absolute URLs and every HTML and XML link must be on the site.
 */
export function siteLinks(found: FoundLinks, page: string, site: SiteUrl): SiteLink[] {
  const links: SiteLink[] = [];
  const base = found.kind === 'document' && found.base !== undefined ? resolveBase(found.base, page) : page;
  for (const link of found.links) {
    const route = found.kind === 'data' && link.startsWith('/') ? linkToRoute(link, standIn, rootOnly) : linkToRoute(link, base, site);
    if (route !== undefined) links.push({ link, route });
  }
  return links;
}

/** Where JSON's root-relative paths resolve: the paths are routes whatever the host's own path. */
const rootOnly: SiteUrl = { ...siteUrl(standIn), path: '/' };

/** HTML's `<base href>` against the page's URL; the page's URL when it is not a URL. */
function resolveBase(href: string, page: string): string {
  try {
    return new URL(href, page).href;
  } catch {
    return page;
  }
}
