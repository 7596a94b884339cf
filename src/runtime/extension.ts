/**
 * What a file name's extension is: the one rule the output layout (route-to-file.ts), the hosts'
 * typing (host-types.ts) and our own servers (static.ts) read it by. Here, in the runtime, because
 * the server bundle carries it.
 */
import { lookup } from 'mrmime';

/**
 * The extension of a path's last segment, lower-cased (`feed.XML` -> `xml`, `x.tar.gz` -> `gz`);
 * none for a name that is only an extension (`json`) or only a dot-name (`.json`).
 */
export function extensionOf(file: string): string | undefined {
  return /[^./][^/]*\.([^./]+)$/.exec(file)?.[1].toLowerCase();
}

/**
 * True when the last segment is a file name with an extension ({@link extensionOf}) of letters and
 * digits only (`rss.xml`, `data.json`, `v1.2`): an HTML route such as `/docs/v1.2-beta` is a folder
 * with an index.html, not a file a host could not type.
 */
export function hasExtension(segment: string | undefined): boolean {
  const extension = segment === undefined ? undefined : extensionOf(segment);
  return extension !== undefined && /^[a-z0-9]+$/.test(extension);
}

/**
 * Where every static host (GitHub Pages, Netlify, Cloudflare Pages, Vercel) sends another type than
 * mrmime's table: `.xml` as `application/xml` (mrmime: `text/xml`). Our servers serve a file of
 * publicDir, or the sitemap, as the host it is deployed to will.
 */
const hostsSend = new Map([['xml', 'application/xml']]);

/**
 * The type of a file by its extension (mrmime's table, but {@link hostsSend}), as our servers send it:
 * a text type with `charset=utf-8`, as every static host sends one (hosts/host-types.ts), so that a
 * page of publicDir without `<meta charset>` reads as UTF-8 in a browser there and here alike;
 * `undefined` for none.
 * @example typeByExtension('robots.txt') // 'text/plain; charset=utf-8'
 */
export function typeByExtension(file: string): string | undefined {
  const extension = extensionOf(file);
  if (extension === undefined) return undefined;
  const type = hostsSend.get(extension) ?? lookup(extension);
  return type?.startsWith('text/') ? `${type}; charset=utf-8` : type;
}
