/**
 * The `_headers` rules a build needs (Netlify / Cloudflare Pages format), as pure data: which paths,
 * written how, grouped how. Both hosts compare a rule with the raw request path, read `*` as "any
 * characters" and `:name` as "one segment's worth", and Cloudflare keeps only the first 100 rules and
 * drops lines over 2,000 characters.
 */
import { errors } from '../errors.ts';
import { isInside } from '../runtime/inside.ts';
import type { CarriedHeader } from '../output/carried-headers.ts';
import { charsetOf, mediaType } from '../content-type.ts';
import { hostType, needsTypeRule } from './host-types.ts';

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

const widens = (path: string) => path.includes('*') || path.includes(':');

/** The headers a file must be served with, Content-Type first. */
const wanted = (file: TypedFile): [string, string][] => [['Content-Type', file.contentType], ...(file.headers ?? []).map(([name, value]): [string, string] => [displayName(name), value])];

/** `cache-control` -> `Cache-Control`, as header names are usually written. */
const displayName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** Files served alike get one key: same media type, charset and other headers. */
const keyOf = (file: TypedFile) => `${mediaType(file.contentType)};${charsetOf(file.contentType) ?? ''}${JSON.stringify(file.headers ?? [])}`;

/** Whether a route's file needs a `_headers` rule: its extension does not give its type, or it carries headers. */
export const needsRule = (file: TypedFile) => file.route !== undefined && ((file.headers?.length ?? 0) > 0 || needsTypeRule(file.file, file.contentType));

interface PlannedRule extends HeaderRule {
  key: string;
  /** The folder the rule groups (`api/u`; `''` for the root), or the file it is for. */
  folder?: string;
  file?: TypedFile;
}

/**
 * The rules that serve every route's file with its type on hosts reading `_headers`: one per file
 * whose extension does not imply its type; past `limits`, folders whose files are all served alike
 * become one `/folder/*` rule each. `others` lists the files no route wrote (publicDir, sitemap); it
 * is called only when a rule could match more than its own file. Throws HOST_RULES for a rule that
 * would also match a file served otherwise, or a site that cannot fit `limits`.
 */
export async function planHeaderRules(routes: TypedFile[], others: () => Promise<string[]>, limits?: RuleLimits): Promise<HeaderRule[]> {
  const needing = routes.filter(needsRule);
  if (needing.length === 0) return [];
  let everything: TypedFile[] | undefined;
  const allFiles = async () =>
    (everything ??= [...routes, ...(await others()).map((file) => ({ file, contentType: hostType('cloudflare', file) }))]);

  const exact: PlannedRule[] = needing
    .flatMap((file) => servedPaths(file.file).map((path) => ({ path, headers: wanted(file), key: keyOf(file), file })))
    .sort(byPath);
  for (const rule of exact) {
    if (!widens(rule.path)) continue;
    const stray = await strayMatch(rule, await allFiles());
    if (stray) throw errors.headerRulePath(rule.file!.route!, rule.file!.file, stray);
  }
  if (!limits || fits(exact, limits)) return strip(exact);

  const grouped = await groupRules(exact, await allFiles());
  if (fits(grouped, limits)) return strip(grouped);
  throw errors.tooManyHeaderRules(`${limits.rules} rules, ${limits.lineLength} characters a line`, busiestFolders(grouped, limits));
}

/** Why `rule` would misserve a file other than its own, or `undefined` when it would not. */
async function strayMatch(rule: PlannedRule, files: TypedFile[]): Promise<string | undefined> {
  const pattern = compileRule(rule.path);
  if (!pattern) return `its rule "${rule.path}" is no valid pattern for the host (two "*" or a repeated ":name")`;
  for (const file of files) {
    if (file === rule.file || keyOf(file) === rule.key) continue;
    const hit = servedPaths(file.file).find((path) => pattern.test(path));
    if (hit) return `its rule "${rule.path}" (where "*" and ":name" are wildcards) would also match ${hit}, which is served as ${file.contentType}`;
  }
  return undefined;
}

/**
 * Replaces the rules under each highest folder (below the root) whose files (every file there, whoever wrote it) are
 * all served alike by one `/folder/*` rule, when that saves rules.
 */
async function groupRules(exact: PlannedRule[], files: TypedFile[]): Promise<PlannedRule[]> {
  const keys = new Map<string, string | null>();
  const counts = new Map<string, number>();
  for (const file of files) {
    const key = keyOf(file);
    for (const folder of foldersOf(file.file)) {
      const seen = keys.get(folder);
      keys.set(folder, seen === undefined || seen === key ? key : null);
    }
  }
  for (const rule of exact) for (const folder of foldersOf(rule.file!.file)) counts.set(folder, (counts.get(folder) ?? 0) + 1);

  const chosen = new Map<string, PlannedRule>();
  const candidates = [...counts.keys()].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1));
  for (const folder of candidates) {
    // Never `/*`: a site-wide rule would also type the host's own pages (its 404 page).
    if (folder === '' || (counts.get(folder) ?? 0) < 2 || !keys.get(folder)) continue;
    if (foldersOf(folder + '/x').some((up) => up !== folder && chosen.has(up))) continue;
    const path = servedPaths(folder)[0] + '/*';
    const sample = exact.find((rule) => isInside(rule.file!.file, folder))!;
    const rule: PlannedRule = { path, headers: sample.headers, key: keys.get(folder)!, folder };
    if (await strayMatch(rule, files)) continue;
    chosen.set(folder, rule);
  }
  const rest = exact.filter((rule) => !foldersOf(rule.file!.file).some((folder) => chosen.has(folder)));
  return [...chosen.values(), ...rest].sort(byPath);
}

/** `''` (the root) and every folder above `file`: `api/u/1` -> `''`, `api`, `api/u`. */
function foldersOf(file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, i) => parts.slice(0, i).join('/'));
}

const byPath = (a: HeaderRule, b: HeaderRule) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const depth = (folder: string) => (folder === '' ? 0 : folder.split('/').length);

function fits(rules: HeaderRule[], limits: RuleLimits): boolean {
  if (rules.length > limits.rules) return false;
  return rules.every((rule) => rule.path.length <= limits.lineLength && rule.headers.every(([name, value]) => name.length + value.length + 4 <= limits.lineLength));
}

/** The folders holding the most rules, and the rules with a line too long, as lines for the error. */
function busiestFolders(rules: HeaderRule[], limits: RuleLimits): string[] {
  const long = rules.filter((rule) => !fits([rule], { ...limits, rules: 1 })).map((rule) => `  ${rule.path.slice(0, 80)}... (a line over ${limits.lineLength} characters)`);
  return [...long, ...(rules.length > limits.rules ? countByFolder(rules) : [])];
}

function countByFolder(rules: HeaderRule[]): string[] {
  const counts = new Map<string, number>();
  for (const { path } of rules) {
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([folder, count]) => `  ${folder} (${count} rule${count === 1 ? '' : 's'})`);
}

const strip = (rules: PlannedRule[]): HeaderRule[] => rules.map(({ path, headers }) => ({ path, headers }));
