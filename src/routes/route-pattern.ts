/**
 * Router patterns (as {@link fileToRoute} writes them) read back: which parameters a route file
 * declares, and the URL a set of parameter values makes. Pure; a route file's `entries` go through
 * these (whether a path has a file's shape is the router's call: route-finder.ts).
 */
import { encodeSegment } from '../runtime/url-path.ts';
import { kindOf } from '../value-kind.ts';

/** One segment of a pattern: literal text, a parameter (maybe followed by an extension), or the rest. */
type PatternPart = { kind: 'text'; text: string } | { kind: 'param'; name: string; suffix: string } | { kind: 'rest'; name: string };

/**
 * The segments of a router pattern. An unnamed catch-all (`**`) is the parameter `_`, the name its
 * handler sees.
 * @example parsePattern('/api/posts/:slug.json') // [text api, text posts, param slug + '.json']
 */
function parsePattern(pattern: string): PatternPart[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((segment): PatternPart => {
      if (segment === '**') return { kind: 'rest', name: '_' };
      if (segment.startsWith('**:')) return { kind: 'rest', name: segment.slice(3) };
      const param = /^:(\w+)(.*)$/.exec(segment);
      return param ? { kind: 'param', name: param[1], suffix: param[2] } : { kind: 'text', text: segment };
    });
}

/**
 * The parameter names a pattern declares, in order.
 * @example patternParams('/docs/:lang/**:path') // ['lang', 'path']
 */
export function patternParams(pattern: string): string[] {
  return parsePattern(pattern).flatMap((part) => (part.kind === 'text' ? [] : [part.name]));
}

/**
 * The route (root-relative URL path) that `params` make of `pattern`, each value percent-encoded by
 * {@link encodeSegment} so that the handler's parameter decodes back to it; or why it cannot be made:
 * a parameter missing, extra or not a string, an empty value, a `/` outside a catch-all, or an empty
 * segment inside one. An unnamed catch-all's (`_`) `''` matches no segment.
 * @example fillPattern('/api/users/:id', { id: 'a b' }) // { route: '/api/users/a%20b' }
 * @example fillPattern('/docs/**:path', { path: 'guide/intro' }) // { route: '/docs/guide/intro' }
 */
export function fillPattern(pattern: string, params: Record<string, unknown>): { route: string } | { problem: string } {
  const parts = parsePattern(pattern);
  const names = patternParams(pattern);
  const declared = names.length === 0 ? 'it declares none' : `it declares ${names.map((name) => `"${name}"`).join(', ')}`;
  const extra = Object.keys(params).filter((key) => !names.includes(key));
  if (extra.length > 0) return { problem: `${list(extra)} ${extra.length === 1 ? 'is not a parameter' : 'are not parameters'} of this file (${declared})` };
  const missing = names.filter((name) => !Object.hasOwn(params, name));
  if (missing.length > 0) return { problem: `the parameter${missing.length === 1 ? '' : 's'} ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} missing` };

  const segments: string[] = [];
  for (const part of parts) {
    if (part.kind === 'text') {
      segments.push(part.text);
      continue;
    }
    const value = params[part.name];
    if (typeof value !== 'string') return { problem: `the value of "${part.name}" is ${kindOf(value)}, not a string` };
    // The router lets an unnamed catch-all match no segment (`/api` reaches `api/[...].ts`), not a named one.
    const pieces = part.kind === 'rest' ? (value === '' && part.name === '_' ? [] : value.split('/')) : [value];
    if (part.kind === 'param' && value.includes('/')) {
      return { problem: `the value of "${part.name}" holds "/", which only a catch-all parameter ([...${part.name}]) takes` };
    }
    if (value === '' && pieces.length > 0) {
      return { problem: `the value of "${part.name}" is empty${part.kind === 'rest' ? `: a named catch-all ([...${part.name}]) matches one segment or more` : ''}` };
    }
    if (pieces.includes('')) return { problem: `the value of "${part.name}" has an empty segment (a leading, trailing or double "/")` };
    for (const piece of pieces) {
      const encoded = encodeSegment(piece);
      if (encoded === undefined) return { problem: `the value of "${part.name}" holds a lone UTF-16 surrogate, which no URL can` };
      segments.push(part.kind === 'param' ? encoded + part.suffix : encoded);
    }
  }
  return { route: '/' + segments.join('/') };
}

/**
 * The first piece of pattern syntax in a route listed to prerender, written the router's way (`:id`,
 * `*`, `**`, `**:path`) or the file names' (`[id]`, `[...path]`, `[...]`), and the parameter it names
 * (none for an unnamed one); `undefined` for a plain URL path. A listed route is requested as written,
 * so a pattern there is a mistake: each URL, or the file's `entries`, is what lists them.
 * @example patternIn('/api/items/:id.json') // { text: ':id', param: 'id' }
 */
export function patternIn(route: string): { text: string; param?: string } | undefined {
  // Each piece of syntax has one of these characters: a route without them (nearly every one) is not split.
  if (!/[*:[]/.test(route)) return undefined;
  for (const segment of route.split('/')) {
    const wild = /^\*\*?(?::(\w+))?$/.exec(segment);
    if (wild) return { text: segment, param: wild[1] };
    const param = /^:([A-Za-z_]\w*)/.exec(segment);
    if (param) return { text: param[0], param: param[1] };
    const bracket = /\[(?:\.\.\.)?(\w*)\]/.exec(segment);
    if (bracket) return { text: bracket[0], param: bracket[1] || undefined };
  }
  return undefined;
}

const list = (names: string[]) => names.map((name) => `"${name}"`).join(', ');
