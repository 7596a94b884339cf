/**
 * What hosts serve equals what the built server serves, checked with the hosts' own software: a
 * fixture site is built, served by `wrangler pages dev`, and every prerendered route is compared with
 * the manifest; `_headers` is also read with Netlify's own parser. One wrangler process per site.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, type ManifestEntry } from '../../src/output/manifest.ts';
import { charsetOf, mediaType } from '../../src/content-type.ts';
import { hostType } from '../../src/hosts/host-types.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { startPagesDev, type PagesDev } from '../support/wrangler.ts';

const users = Array.from({ length: 150 }, (_, i) => `/api/u/${i}`);
const site = {
  'package.json': JSON.stringify({ name: 'hosts-site', private: true }),
  'public/robots.txt': 'User-agent: *\n',
  'public/api/readme.txt': 'beside api/u, not in it\n',
  'src/server/routes/api/data.ts': route(`() => ({ ok: true, city: '東京' })`),
  'src/server/routes/api/hello.ts': route(`() => 'hello, plain text'`),
  'src/server/routes/api/u/[id].ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
  'src/server/routes/api/tag/[tag].ts': route(
    `(event) => { const tag = getRouterParam(event, 'tag'); return tag === 'c++' ? { tag } : 'tag ' + tag; }`,
    'defineEventHandler, getRouterParam',
  ),
  'src/server/routes/rss.xml.ts': route(
    `(event) => { setHeader(event, 'content-type', 'text/xml'); return '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>'; }`,
    'defineEventHandler, setHeader',
  ),
  'src/server/routes/api/cached.json.ts': route(
    `(event) => { setHeader(event, 'cache-control', 'public, max-age=3600'); setHeader(event, 'x-robots-tag', 'noindex'); setHeader(event, 'set-cookie', 'a=1'); return { cached: true }; }`,
    'defineEventHandler, setHeader',
  ),
  'src/server/routes/page.html.ts': route(
    `(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); setHeader(event, 'cache-control', 'max-age=120'); return '<p>page</p>'; }`,
    'defineEventHandler, setHeader',
  ),
  'src/server/routes/docs.ts': route(
    `(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return '<h1>Docs</h1>'; }`,
    'defineEventHandler, setHeader',
  ),
  // No `:` in a route: the build refuses names Windows and macOS cannot hold (route-to-file.test.ts);
  // how a `:` would be spelled in a rule is in header-rules.test.ts.
  'prerender.config.mjs': `export default { prerender: { routes: ${JSON.stringify(['/api/data', '/api/hello', '/api/tag/c++', '/rss.xml', '/docs', '/api/cached.json', '/page.html', ...users])} } };`,
};

let dir: string;
let manifest: ManifestEntry[];
let pages: PagesDev | undefined;

beforeAll(async () => {
  ({ dir } = await buildSite(writeSite(site)));
  manifest = await readManifest(dir);
  pages = await startPagesDev(join(dir, 'public'));
}, 120_000);

afterAll(async () => {
  await pages?.stop();
});

/**
 * The path a host serves a route's file at without a redirect: a folder's index.html at the folder's
 * path, another .html file without its extension (Cloudflare redirects /a.html to /a).
 */
const requestPath = (entry: ManifestEntry) =>
  entry.file.endsWith('index.html') ? entry.route.replace(/\/?$/, '/') : entry.file.endsWith('.html') ? entry.route.slice(0, -'.html'.length) : entry.route;

describe('wrangler pages dev serves every prerendered route as the manifest records it', () => {
  it('reads every _headers rule, within its limits', () => {
    expect(manifest).toHaveLength(157);
    expect(manifest.find((entry) => entry.route === '/api/cached.json')?.headers).toEqual([['cache-control', 'public, max-age=3600'], ['x-robots-tag', 'noindex']]);
    const output = pages!.output();
    expect(output).toMatch(/Parsed \d+ valid header rules?/);
    expect(output).not.toMatch(/Maximum number of rules|Ignoring line|Skipping/);
  });

  it('answers 200 with the same bytes, media type and charset for each route', async () => {
    const mismatches: string[] = [];
    for (const entry of manifest) {
      const response = await fetch(pages!.url + requestPath(entry), { redirect: 'manual' });
      const body = new Uint8Array(await response.arrayBuffer());
      const onDisk = readFileSync(join(dir, 'public', entry.file));
      const type = response.headers.get('content-type') ?? '';
      const same = response.status === 200 && Buffer.compare(body, onDisk) === 0 && body.byteLength === entry.bytes;
      const carried = (entry.headers ?? []).filter(([name, value]) => response.headers.get(name) !== value);
      if (!same || carried.length > 0 || mediaType(type) !== mediaType(entry.contentType) || charsetOf(type) !== charsetOf(entry.contentType)) {
        const served = carried.map(([name]) => `${name}: ${response.headers.get(name)}`).join(', ');
        mismatches.push(`${entry.route}: ${response.status} ${type} (${body.byteLength} bytes) ${served}, manifest ${entry.contentType} (${entry.bytes} bytes)`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("Netlify's _headers parser", () => {
  it('parses the file without errors and types every route as the manifest does', async () => {
    const { headers, errors } = await parseAllHeaders({ headersFiles: [join(dir, 'public', '_headers')], configHeaders: undefined, minimal: false });
    expect(errors).toEqual([]);
    const mismatches: string[] = [];
    for (const entry of manifest) {
      const path = requestPath(entry);
      const matching = headers.filter((rule) => 'forRegExp' in rule && rule.forRegExp.test(path));
      const types = matching.flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === 'content-type').map(([, value]) => value));
      const type = types.length === 0 ? hostType('netlify', entry.file) : types.join(', ');
      if (mediaType(type) !== mediaType(entry.contentType) || charsetOf(type) !== charsetOf(entry.contentType)) mismatches.push(`${entry.route}: ${type}`);
      const values = new Map(matching.flatMap((rule) => Object.entries(rule.values)).map(([name, value]) => [name.toLowerCase(), value]));
      for (const [name, value] of entry.headers ?? []) if (values.get(name) !== value) mismatches.push(`${entry.route}: ${name}: ${values.get(name)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
