/**
 * Which content type a host sends for a file it serves as-is: the one table the build and merge
 * consult. Hosts type files by extension (read as runtime/extension.ts reads it) with their own
 * tables, which disagree with mrmime (our servers') and with each other on a few extensions and on
 * when to add a charset.
 *
 * Measured with the hosts' own software: Cloudflare Pages with `wrangler pages dev` 4.86.0 (checked
 * again by test/scenarios/deploy-to-a-host.test.ts); `serve` with serve-handler 6 (mime-types 2.1.18);
 * `http-server` 14 (mime 1); `sirv` 3 (mrmime). Netlify runs no local copy of its CDN: its table is
 * taken to be the MIME database's, as Cloudflare's (both send `.xml` as `application/xml`).
 */
import { lookup } from 'mrmime';
import { mediaType, sameType } from '../content-type.ts';
import { extensionOf } from '../runtime/extension.ts';

/** Hosts whose file typing is known. `cloudflare` and `netlify` read `_headers`; the others do not. */
export type Host = 'cloudflare' | 'netlify' | 'github-pages' | 'serve' | 'http-server' | 'sirv';

/** The hosts that apply `_headers` rules, so a rule written for them changes what they send. */
export const headersHosts: readonly Host[] = ['cloudflare', 'netlify'];

/** Extensions the MIME database (mime 1-3, mime-types) types otherwise than mrmime does. */
const mimeDb: Record<string, string | undefined> = {
  xml: 'application/xml',
  js: 'application/javascript',
  mjs: 'application/javascript',
  ico: 'image/vnd.microsoft.icon',
};

/** Per host: extensions typed otherwise than mrmime; `undefined` means the host sends no known type. */
const differences: Record<Host, Record<string, string | undefined>> = {
  cloudflare: { ...mimeDb, wgsl: undefined },
  netlify: { ...mimeDb, wgsl: undefined },
  'github-pages': { ...mimeDb, wgsl: undefined },
  serve: { ...mimeDb, ico: 'image/x-icon', woff: 'application/font-woff', toml: undefined, avif: undefined, cjs: undefined, wgsl: undefined },
  'http-server': { ...mimeDb, ico: 'image/x-icon', toml: undefined, avif: undefined, cjs: undefined, wgsl: undefined },
  sirv: {},
};

/** When a host adds `charset=utf-8` to the type it looked up. */
const addsCharset: Record<Host, (type: string) => boolean> = {
  cloudflare: (type) => type.startsWith('text/'),
  netlify: (type) => type.startsWith('text/'),
  'github-pages': (type) => type.startsWith('text/') || /^application\/(json|javascript)$/.test(type),
  serve: (type) => type.startsWith('text/') || /^application\/(json|javascript|manifest\+json)$/.test(type),
  'http-server': (type) => /^text\/|^application\/(javascript|json)/.test(type),
  sirv: (type) => type === 'text/html',
};

/**
 * The `Content-Type` `host` sends for `file` (a path relative to the published folder) when no rule
 * says otherwise; `application/octet-stream` for a file it cannot type (no extension, or one it does
 * not know), which is what Cloudflare sends and what browsers assume of a response without type.
 * @example hostType('cloudflare', 'api/rss.xml') // 'application/xml'
 */
export function hostType(host: Host, file: string): string {
  const extension = extensionOf(file);
  if (extension === undefined) return 'application/octet-stream';
  const known = differences[host];
  const type = extension in known ? known[extension] : lookup(extension);
  if (type === undefined) return 'application/octet-stream';
  return addsCharset[host](type) ? `${type}; charset=utf-8` : type;
}

/**
 * True when a host that reads `_headers` would send `file` with another media type or charset than
 * `contentType`, the type its response had: the file needs a rule.
 */
export function needsTypeRule(file: string, contentType: string): boolean {
  // Asked for every route written: a site has a handful of types and extensions, each pair decided once.
  const extension = extensionOf(file);
  let byExtension = verdicts.get(contentType);
  if (byExtension === undefined) {
    if (verdicts.size >= 256) verdicts.clear();
    verdicts.set(contentType, (byExtension = new Map()));
  }
  let verdict = byExtension.get(extension);
  if (verdict === undefined) byExtension.set(extension, (verdict = headersHosts.some((host) => !sameType(hostType(host, file), contentType))));
  return verdict;
}

/** {@link needsTypeRule}'s answers, by content type and extension (a host types a file by its extension alone). */
const verdicts = new Map<string, Map<string | undefined, boolean>>();

/**
 * True when hosts that type files by extension alone would send `file` as another kind of content
 * than `contentType` says: a `data.json` route answering HTML is served as JSON wherever `_headers`
 * is not read. Not another charset, nor another type of one family: an Atom feed (`+xml`) in
 * `feed.xml` served as `application/xml` is read as the feed it is, as JSON-LD in a `.json` file.
 */
export function servedAsOtherType(file: string, contentType: string): boolean {
  return needsTypeRule(file, contentType) && familyOf(hostType('netlify', file)) !== familyOf(contentType);
}

/** XML, JSON and JavaScript, whichever of their types; any other media type is its own. */
function familyOf(contentType: string): string {
  const type = mediaType(contentType);
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/javascript' || type === 'text/javascript') return 'javascript';
  return type;
}
