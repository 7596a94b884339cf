/**
 * One table of URL spellings and the route file that must answer each, with the parameters it must
 * see. test/runtime/app.test.ts runs it against dev, preview, the built server and the prerender.
 */
import { route, writeSite } from './helpers.ts';

/** A request, and what must answer it: `file` is the route file, `params` what its handler saw. */
export interface RoutingCase {
  method?: 'GET' | 'HEAD' | 'POST';
  /** The raw request target, sent as written. */
  target: string;
  file: string;
  params: Record<string, string>;
  /** Prerendered too: the file (relative to `public/`) the prerender must write for this route. */
  written?: string;
}

/** Route files, each answering with its own name and the parameters it saw (and an `x-file` header for HEAD). */
const routeFiles = [
  'api/[...].ts',
  'api/docs/[...path].ts',
  'api/users/[id].ts',
  'api/hello.ts',
  'api/café.ts',
  'blog/latest.get.ts',
  'blog/[year]/index.ts',
  '.well-known/[name].ts',
  'files/[...].ts',
];

export const routingTable: RoutingCase[] = [
  // A segment that cannot be a file name (an encoded "/" or "\", over 255 bytes, a leading dot) is
  // still a route: the static layer lets it through, for GET as for POST.
  { target: '/api/users/a%2Fb', file: 'api/users/[id].ts', params: { id: 'a%2Fb' } },
  { method: 'POST', target: '/api/users/a%2Fb', file: 'api/users/[id].ts', params: { id: 'a%2Fb' } },
  { method: 'HEAD', target: '/api/users/a%2Fb', file: 'api/users/[id].ts', params: { id: 'a%2Fb' } },
  { target: '/api/users/a%5Cb', file: 'api/users/[id].ts', params: { id: 'a%5Cb' } },
  { target: '/api/docs/a%2Fb', file: 'api/docs/[...path].ts', params: { path: 'a%2Fb' } },
  { target: '/blog/2024%2F05', file: 'blog/[year]/index.ts', params: { year: '2024%2F05' } },
  { target: '/api/hello%2F', file: 'api/[...].ts', params: { _: 'hello%2F' } },
  { target: `/api/users/${'a'.repeat(300)}`, file: 'api/users/[id].ts', params: { id: 'a'.repeat(300) } },
  { target: '/api/users/.hidden', file: 'api/users/[id].ts', params: { id: '.hidden' } },
  { target: '/api/docs/.well-known/x', file: 'api/docs/[...path].ts', params: { path: '.well-known/x' } },
  { target: '/files/.env', file: 'files/[...].ts', params: { _: '.env' } },
  // .well-known/ is routed and prerendered.
  { target: '/.well-known/openid', file: '.well-known/[name].ts', params: { name: 'openid' }, written: '.well-known/openid' },
  // An unnamed catch-all sees `_` only, even when it matches no segment.
  { target: '/api/x/y', file: 'api/[...].ts', params: { _: 'x/y' }, written: 'api/x/y' },
  { target: '/api', file: 'api/[...].ts', params: { _: '' } },
  { target: '/api/docs/a/b', file: 'api/docs/[...path].ts', params: { path: 'a/b' }, written: 'api/docs/a/b' },
  // Two spellings of one URL reach one route: hex case, encoded unreserved characters.
  { target: '/api/caf%c3%a9', file: 'api/café.ts', params: {}, written: 'api/café' },
  { target: '/api/caf%C3%A9', file: 'api/café.ts', params: {} },
  { target: '/api/caf%C3%a9', file: 'api/café.ts', params: {} },
  { target: '/api/%68ello', file: 'api/hello.ts', params: {} },
  { target: '/api/Hello', file: 'api/[...].ts', params: { _: 'Hello' } },
  { target: '/api/users/%41b', file: 'api/users/[id].ts', params: { id: 'Ab' }, written: 'api/users/Ab' },
  { target: '/api/users/caf%c3%a9', file: 'api/users/[id].ts', params: { id: 'caf%C3%A9' } },
  { target: '/api/users/50%25', file: 'api/users/[id].ts', params: { id: '50%25' } },
  // Repeated slashes collapse into one before routing.
  { target: '/api//hello', file: 'api/hello.ts', params: {} },
  { target: '//api/hello', file: 'api/hello.ts', params: {} },
  { target: '/api/users//7', file: 'api/users/[id].ts', params: { id: '7' } },
  { target: '/api/docs//a', file: 'api/docs/[...path].ts', params: { path: 'a' } },
  { target: '/api/docs/a//b/', file: 'api/docs/[...path].ts', params: { path: 'a/b' } },
  { target: '/api/hello/', file: 'api/hello.ts', params: {} },
  // HEAD goes to the route that answers GET.
  { method: 'HEAD', target: '/blog/latest', file: 'blog/latest.get.ts', params: {} },
  { target: '/blog/latest', file: 'blog/latest.get.ts', params: {} },
  { method: 'POST', target: '/blog/latest', file: 'blog/[year]/index.ts', params: { year: 'latest' } },
  { target: '/blog/2024', file: 'blog/[year]/index.ts', params: { year: '2024' }, written: 'blog/2024' },
];

/** Files of publicDir: `.well-known/` is published and served, other dot-names are not. */
export const publicFiles = {
  'public/.well-known/security.txt': 'Contact: mailto:security@example.com\n',
  'public/.env': 'SECRET-routing-env',
  'public/.hidden/x.txt': 'SECRET-routing-hidden',
  'public/robots.txt': 'User-agent: *\n',
};

/** Writes the site the table runs against; the rows with `written` are its prerendered routes. */
export function writeRoutingSite(): string {
  const files: Record<string, string> = { ...publicFiles };
  for (const file of routeFiles) {
    files[`src/server/routes/${file}`] = route(
      `(event) => { setHeader(event, 'x-file', ${JSON.stringify(encodeURIComponent(file))}); return { file: ${JSON.stringify(file)}, params: { ...event.context.params } }; }`,
      'defineEventHandler, setHeader',
    );
  }
  const prerendered = routingTable.filter((row) => row.written).map((row) => row.target);
  files['prerender.config.mjs'] = `export default { name: 'routing', prerender: { routes: ${JSON.stringify(prerendered)} } };`;
  return writeSite(files);
}
