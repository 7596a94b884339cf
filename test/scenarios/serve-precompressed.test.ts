/**
 * Serving precompressed copies (SPEC section 9), over real sockets with raw `Accept-Encoding`
 * headers, from the built server (`node dist/<name>/server/index.mjs`) and `prerender preview` alike:
 * the coding chosen, Content-Encoding, Vary on every answer for a file with copies and on no other,
 * the file's own type, an ETag per coding, 304s per coding, HEAD, and copies never served by name.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, type RunningServer } from '../../src/index.ts';
import { resolveCompress } from '../../src/config/resolve-compress.ts';
import { encodingSuffixes, type Encoding } from '../../src/runtime/encodings.ts';
import { compressSite, decode } from '../support/compress-site.ts';
import { buildSite } from '../support/helpers.ts';
import { rawRequest, type RawResponse } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const codings = resolveCompress(true);
let root: string;
let outDir: string;
let dir: string;
let built: ServerProcess;
let preview: RunningServer;

beforeAll(async () => {
  root = compressSite();
  ({ dir, outDir } = await buildSite(root));
  built = await startServerProcess(join(dir, 'server', 'index.mjs'));
  preview = await createPreviewServer({ root, config: { outDir }, port: 0 });
});

afterAll(async () => {
  await built?.stop();
  await preview?.close();
});

const plainOf = (file: string) => readFileSync(join(dir, 'public', file));
const sizeOf = (file: string) => statSync(join(dir, 'public', file)).size;

describe.each([
  ['the built server', () => built.port],
  ['prerender preview', () => Number(new URL(preview.url).port)],
])('%s', (_name, port) => {
  const get = (target: string, headers: string[] = [], method = 'GET'): Promise<RawResponse> => rawRequest(port(), target, { method, headers });

  it.each(codings)('sends the %s copy to a request accepting only it, typed as the file, with Vary and its own length', async (encoding) => {
    const response = await get('/api/feed.json', [`Accept-Encoding: ${encoding}`]);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(sizeOf('api/feed.json' + encodingSuffixes[encoding]));
    expect(decode(response.body, encoding).equals(plainOf('api/feed.json'))).toBe(true);
  });

  it.each<[header: string, encoding: Encoding | undefined]>([
    // A browser's header: gzip comes first, brotli wins the tie.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    // Nothing acceptable, not even identity: the file itself, not a 406.
    ['identity;q=0', undefined],
    ['br, identity;q=0', 'br'],
    ['gzip;q=0.5, identity', undefined],
  ])('Accept-Encoding %j gets %j', async (header, encoding) => {
    const response = await get('/api/feed.json', [`Accept-Encoding: ${header}`]);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['vary']).toBe('accept-encoding');
    const body = encoding === undefined ? response.body : decode(response.body, encoding);
    expect(body.equals(plainOf('api/feed.json'))).toBe(true);
  });

  it('a Range of a file with copies is of the copy sent; a date If-Range sends the whole copy (the copies share a date)', async () => {
    const copy = readFileSync(join(dir, 'public', 'api/feed.json.gz'));
    const part = await get('/api/feed.json', ['Accept-Encoding: gzip', 'Range: bytes=0-99']);
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('gzip');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${copy.length}`);
    expect(part.body.equals(copy.subarray(0, 100))).toBe(true);
    const resumed = await get('/api/feed.json', ['Accept-Encoding: gzip', 'Range: bytes=0-99', `If-Range: ${part.headers['last-modified']}`]);
    expect(resumed.status).toBe(200);
    expect(resumed.body.equals(copy)).toBe(true);
  });

  it('sends the file itself, with Vary, to a request without Accept-Encoding', async () => {
    const response = await get('/api/feed.json');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(Number(response.headers['content-length'])).toBe(sizeOf('api/feed.json'));
    expect(response.body.equals(plainOf('api/feed.json'))).toBe(true);
  });

  it('gives each coding its own ETag, and answers 304 to each with Vary and no body', async () => {
    const variants = [...codings, undefined];
    const etags: string[] = [];
    for (const encoding of variants) {
      const accept = [`Accept-Encoding: ${encoding ?? 'identity'}`];
      const first = await get('/api/rss.xml', accept);
      expect(first.headers['content-encoding']).toBe(encoding);
      const etag = first.headers['etag'];
      etags.push(etag);
      const again = await get('/api/rss.xml', [...accept, `If-None-Match: ${etag}`]);
      expect(again.status).toBe(304);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['vary']).toBe('accept-encoding');
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.body.byteLength).toBe(0);
    }
    expect(new Set(etags).size).toBe(variants.length);
    // The brotli copy's ETag does not make a gzip answer a 304.
    const other = await get('/api/rss.xml', ['Accept-Encoding: gzip', `If-None-Match: ${etags[0]}`]);
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD as GET, without the body', async () => {
    const response = await get('/api/feed.json', ['Accept-Encoding: br, gzip'], 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(sizeOf('api/feed.json.br'));
    expect(response.body.byteLength).toBe(0);
  });

  it.each<[target: string, file: string, type: string]>([
    // At the folder's URL: without its slash, a 301 to it.
    ['/api/docs/', 'api/docs/index.html', 'text/html; charset=utf-8'],
    ['/app.js', 'app.js', 'text/javascript; charset=utf-8'],
    ['/logo.svg', 'logo.svg', 'image/svg+xml'],
    ['/sitemap.xml', 'sitemap.xml', 'application/xml'],
  ])('serves the copies of %s (a folder’s index.html, publicDir files, the sitemap) with the file’s own type', async (target, file, type) => {
    const response = await get(target, ['Accept-Encoding: gzip']);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(decode(response.body, 'gzip').equals(plainOf(file))).toBe(true);
  });

  it.each(['/api/small.json', '/api/noise.txt', '/small.css', '/photo.png', '/robots.txt'])('sends %s, which has no copies, without Vary or Content-Encoding', async (target) => {
    for (const header of [[], ['Accept-Encoding: gzip, deflate, br, zstd']]) {
      const response = await get(target, header);
      expect(response.status).toBe(200);
      expect(response.headers['vary']).toBeUndefined();
      expect(response.headers['content-encoding']).toBeUndefined();
      const etag = response.headers['etag'];
      const again = await get(target, [...header, `If-None-Match: ${etag}`]);
      expect([again.status, again.headers['vary']]).toEqual([304, undefined]);
    }
  });

  it.each(codings)('never serves the %s copy under its own name', async (encoding) => {
    const response = await get('/api/feed.json' + encodingSuffixes[encoding], ['Accept-Encoding: gzip, br, zstd']);
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(readFileSync(join(dir, 'public', 'api/feed.json' + encodingSuffixes[encoding])))).toBe(false);
  });

  it('serves the site’s own files named like copies as the files they are', async () => {
    const archive = await get('/archive.json.gz', ['Accept-Encoding: gzip']);
    expect(archive.status).toBe(200);
    expect(archive.headers['content-type']).toBe('application/gzip');
    expect(archive.headers['content-encoding']).toBeUndefined();
    expect(archive.body.equals(plainOf('archive.json.gz'))).toBe(true);
    const taken = await get('/api/taken.json.br');
    expect([taken.status, taken.text]).toEqual([200, 'not brotli: a file of the site']);
    // The route's file has its gzip copy, but no brotli one (the name was the site's).
    const route = await get('/api/taken.json', ['Accept-Encoding: br, gzip']);
    expect(route.headers['content-encoding']).toBe('gzip');
  });
});
