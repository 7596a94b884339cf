import { errors } from '../errors.ts';
import { encodeSegment, isHiddenName } from '../runtime/url-path.ts';
import { methods } from './methods.ts';


/** One route file, as the router sees it. */
export interface RouteDefinition {
  /** Path of the file relative to routesDir, with `/` separators: `api/v1/users/[id].get.ts`. */
  file: string;
  /** Upper-case method, or `''` for every method. */
  method: string;
  /** The router pattern (rou3 syntax as h3 uses it): `/api/v1/users/:id`, `/api/**`, `/docs/**:slug`. */
  path: string;
}

const codeExtension = /\.(ts|mts|js|mjs)$/;
const methodSuffix = new RegExp(`\\.(${methods.join('|')})$`, 'i');
const paramName = /^[A-Za-z_]\w*$/;

/**
 * Maps a file path (relative to routesDir) to its route, or `null` when the file is not a route
 * (not code, a `.d.ts`, a test or spec file, or hidden: a dot-file, or in a dot-folder other than
 * `.well-known`). The top-level `api` folder is served under `apiPrefix`; everything else from the
 * site root. Throws ROUTE_NAME for a malformed name.
 *
 * @example fileToRoute('api/v1/users/[id].get.ts', 'api') // { method: 'GET', path: '/api/v1/users/:id', ... }
 * @example fileToRoute('rss.xml.ts', 'api') // { method: '', path: '/rss.xml', ... }
 */
export function fileToRoute(file: string, apiPrefix: string): RouteDefinition | null {
  const parts = file.split('/');
  const base = parts.pop()!;
  if (!isRouteFileName(base)) return null;
  if (parts.some(isHiddenName)) return null;

  let stem = base.replace(codeExtension, '');
  const method = methodSuffix.exec(stem)?.[1]?.toUpperCase() ?? '';
  if (method) stem = stem.slice(0, -method.length - 1);
  // `.get.ts` looks like a dot-file, but it is a route whose name was left out: say so rather than skip it.
  if (method && stem === '') {
    throw errors.routeName(file, `the name before the method is empty (for the folder's own path, name it index${base})`);
  }
  if (isHiddenName(base)) return null;

  const underApi = parts[0] === 'api';
  if (underApi) parts.shift();
  const prefix = underApi ? apiPrefix.split('/').filter(Boolean) : [];
  const folders = parts.filter((part) => !isGroup(part));
  const names = stem === 'index' ? [] : [stem];
  const segments = [...folders, ...names].map((segment) => toPattern(segment, file));

  const catchAll = segments.findIndex((s) => s.startsWith('**'));
  if (catchAll !== -1 && catchAll !== segments.length - 1) {
    throw errors.routeName(file, 'a catch-all [...name] must be the last segment');
  }
  const params = segments.flatMap((s) => /^\**:(\w+)/.exec(s)?.[1] ?? []);
  const repeated = params.find((name, i) => params.indexOf(name) !== i);
  if (repeated) throw errors.routeName(file, `the parameter "${repeated}" appears twice`);

  return { file, method, path: '/' + [...prefix, ...segments].join('/') };
}

/** Whether a file's own name (`x.get.ts`) is one of a route: code, not a declaration, test or spec file. */
export function isRouteFileName(base: string): boolean {
  return codeExtension.test(base) && !/\.d\.m?ts$/.test(base) && !/\.(test|spec)\./.test(base);
}

/**
 * Why a file that looks like a route is none, where the user most likely meant one: JSX (`.tsx`,
 * `.jsx`: the bundle compiles no JSX) or CommonJS (`.cts`, `.cjs`: a route is an ES module).
 */
export function notARoute(base: string): string | undefined {
  if (/\.d\.[cm]?ts$/.test(base) || /\.(test|spec)\./.test(base)) return undefined;
  if (/\.[tj]sx$/.test(base)) return 'JSX: the bundle compiles no JSX';
  if (/\.c[tj]s$/.test(base)) return 'CommonJS: a route file is an ES module';
  return undefined;
}

const isGroup = (folder: string) => /^\([^()/]+\)$/.test(folder);

/** One file or folder name to one router segment. */
function toPattern(segment: string, file: string): string {
  if (segment.startsWith('(') && segment.endsWith(')')) {
    const reason = segment === '()' ? 'a (group) folder needs a name' : 'a (group) name is for folders, not files';
    throw errors.routeName(file, `"${segment}": ${reason}`);
  }
  // Express's spelling of a parameter (`:id`), which is rou3's too, but not the file names'.
  const colon = /^:([A-Za-z_$][\w$]*)(\.[\w.-]+)?$/.exec(segment);
  if (colon) throw errors.routeName(file, `"${segment}" holds ":", which the router reserves for its patterns`, `A parameter is named in brackets: rename "${segment}" to "[${colon[1]}]${colon[2] ?? ''}".`);
  const problem = unservable(segment);
  if (problem) throw errors.routeName(file, `"${segment}" holds ${problem}`, 'Rename the file or folder without it: a name is the URL path its route serves, and no request could reach this one.');
  if (!/[[\]]/.test(segment)) return segment;
  const match = /^\[(\.\.\.)?([^[\]]*)\](\.[\w.-]+)?$/.exec(segment);
  if (!match) {
    throw errors.routeName(file, `"${segment}": brackets must close and wrap the whole segment, as in [id] or [id].json`);
  }
  const [, rest, name, suffix = ''] = match;
  if (rest) {
    if (suffix) throw errors.routeName(file, `"${segment}": a catch-all takes the whole segment`);
    if (name === '') return '**';
    if (!paramName.test(name)) throw errors.routeName(file, `"${name}" is not a valid catch-all name`);
    return `**:${name}`;
  }
  if (name === '') throw errors.routeName(file, '[] needs a parameter name, as in [id]');
  if (!paramName.test(name)) throw errors.routeName(file, `"${name}" is not a valid parameter name`);
  return `:${name}${suffix}`;
}

/**
 * Why no request can reach a name holding this text, or `undefined` when one can (a property test
 * holds this to the runtime router). The router (rou3, through h3) reads `: * ? ( ) { }` as pattern
 * syntax; a URL ends its path at `?` and `#`, reads a backslash as `/`, drops a trailing space and
 * control characters or refuses them, holds `%` only as an escape, and is spelled with `^` or `%5E`
 * depending on the URL parser, while the router matches one of them.
 */
function unservable(segment: string): string | undefined {
  if (segment.endsWith(' ')) return 'a space at the end, which URL parsers drop';
  if (encodeSegment(segment) === undefined) return 'a lone UTF-16 surrogate, which no URL can hold';
  const char = /[\0-\x1f\x7f\\?#%^:*(){}]/.exec(segment)?.[0];
  if (char === undefined) return undefined;
  if (char < ' ' || char === '\x7f') return `a control character (U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}), which no URL can carry`;
  if (char === '\\') return 'a backslash, which URLs read as "/"';
  if (char === '?') return '"?", which starts the query of a URL';
  if (char === '#') return '"#", which starts the fragment of a URL';
  if (char === '^') return '"^", which URL parsers disagree on (sent as it is by some, as %5E by others)';
  if (char === '%') return '"%": a URL holds it only as an escape (%25); name the file with the characters themselves (café, not caf%C3%A9)';
  return `"${char}", which the router reserves for its patterns`;
}
