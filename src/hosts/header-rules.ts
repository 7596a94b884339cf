/**
 * The `_headers` rules a build needs (Netlify / Cloudflare Pages format), as pure data: which paths,
 * written how, grouped how. Both hosts compare a rule with the raw request path, read `*` as "any
 * characters" and `:name` as "one segment's worth", and Cloudflare keeps only the first 100 rules and
 * drops lines over 2,000 characters.
 */
import type { CarriedHeader } from '../output/carried-headers.ts';
import { charsetOf, mediaType } from '../content-type.ts';
import { needsTypeRule } from './host-types.ts';

/** A published file and the type (and other headers) it must be served with. */
export interface TypedFile {
  /** Path relative to `public/`, `/`-separated. */
  file: string;
  contentType: string;
  /** Other headers it is served with (carried-headers.ts). */
  headers?: CarriedHeader[];
  /** The route that wrote it; none for a publicDir file or the sitemap. */
  route?: string;
}

/** One rule: a path pattern and the headers it sets. */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** A host's limits on `_headers`. */
export interface RuleLimits {
  rules: number;
  lineLength: number;
}

/** Cloudflare Pages' limits (wrangler's `MAX_HEADER_RULES`, `MAX_LINE_LENGTH`). */
export const cloudflareLimits: RuleLimits = { rules: 100, lineLength: 2000 };

/** Characters browsers send raw in a path (WHATWG URL path percent-encode set), which encodeURIComponent encodes. */
const rawInPaths = /%(24|26|2B|2C|3B|3D|3A|40|5B|5D|7C|5E)/g;

/**
 * The request paths a host serves `file` at, spelled as browsers send them (so as hosts compare
 * them): UTF-8 and reserved characters percent-encoded with upper-case hex, `+ : @ [ ]` and the other
 * characters browsers leave alone kept raw. A folder's `index.html` is served at the folder's path,
 * and another `.html` file also without its extension (Cloudflare redirects `/a.html` to `/a`).
 * @example servedPaths('api/tag/c++') // ['/api/tag/c++']
 */
export function servedPaths(file: string): string[] {
  const path = '/' + file.split('/').map((segment) => encodeURIComponent(segment).replace(rawInPaths, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))).join('/');
  if (file === 'index.html' || file.endsWith('/index.html')) return [path.slice(0, -'index.html'.length), path];
  if (/[^/]\.html$/i.test(file)) return [path.slice(0, -'.html'.length), path];
  return [path];
}

/** Tests request paths against a rule. */
export interface RuleMatcher {
  test(path: string): boolean;
}

/**
 * The request paths a rule matches on either host. Cloudflare reads `*` as any characters and
 * `:name` anywhere as one segment's characters; Netlify reads `*` likewise but `:name` only as a
 * whole segment, compares without letter case and allows a trailing `/`. `undefined` for a rule
 * Cloudflare would drop: it compiles each rule to a regular expression with named groups, so two
 * `*` or a repeated `:name` make it invalid.
 */
export function compileRule(path: string): RuleMatcher | undefined {
  const parts = path.split('*');
  const names = [...path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1]);
  if (parts.length > 2) return undefined;
  if (new Set(names).size !== names.length || (parts.length === 2 && names.includes('splat'))) return undefined;
  const cloudflare = new RegExp('^' + parts.map((part) => escapeRegExp(part).replace(/:[A-Za-z]\w*/g, '[^/]+')).join('.*') + '$');
  const netlifySegment = (segment: string) =>
    segment.startsWith(':') ? '([^/]+)' : segment === '*' ? '?(.*)' : segment.split('*').map(escapeRegExp).join('(.*)');
  const netlify = new RegExp(`^/${path.split('/').filter(Boolean).map(netlifySegment).join('/')}/?$`, 'iu');
  return { test: (request) => cloudflare.test(request) || netlify.test(request) };
}

/**
 * `text` as a literal in a regular expression. Only the pattern characters: the Netlify pattern has
 * the `u` flag, under which an escaped `-` (outside a class) is a syntax error.
 */
const escapeRegExp = (text: string) => text.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');

/** Whether a rule's path holds a wildcard for the hosts (`*`, `:name`), so it may match other files than its own. */
export const widens = (path: string) => path.includes('*') || path.includes(':');

/** The headers a file must be served with, Content-Type first. */
export const wanted = (file: TypedFile): [string, string][] => [['Content-Type', file.contentType], ...(file.headers ?? []).map(([name, value]): [string, string] => [displayName(name), value])];

/** `cache-control` -> `Cache-Control`, as header names are usually written. */
const displayName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** Files served alike get one key: same media type, charset and other headers. */
export const keyOf = (file: TypedFile) => `${mediaType(file.contentType)};${charsetOf(file.contentType) ?? ''}${JSON.stringify(file.headers ?? [])}`;

/** Whether a route's file needs a `_headers` rule: its extension does not give its type, or it carries headers. */
export const needsRule = (file: TypedFile) => file.route !== undefined && ((file.headers?.length ?? 0) > 0 || needsTypeRule(file.file, file.contentType));

/** Rules in the order `_headers` lists them: by path. */
export const byPath = (a: HeaderRule, b: HeaderRule) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** `''` (the root) and every folder above `file`: `api/u/1` -> `''`, `api`, `api/u`. */
export function foldersOf(file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, i) => parts.slice(0, i).join('/'));
}

/** The longest line a rule takes in `_headers`: its path, or a header line (two spaces, the name, ": ", the value). */
export function longestLine(rule: HeaderRule): number {
  return rule.headers.reduce((longest, [name, value]) => Math.max(longest, name.length + value.length + 4), rule.path.length);
}
