/**
 * A site for the precompression tests (SPEC section 9): route files and publicDir files of every kind
 * `compress` tells apart, large and small, text and not, and files of the site named like a copy.
 */
import zlib from 'node:zlib';
import type { Encoding } from '../../src/runtime/encodings.ts';
import { writeSite, route } from './helpers.ts';

/** Deterministic bytes no compressor shrinks (xorshift), as base-64 text would not be. */
export function noise(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/** Text of about `length` bytes that compresses well. */
export const prose = (length: number, word = 'feed') => Array.from({ length: Math.ceil(length / 12) }, (_, i) => `${word}-${i % 97} `).join('');

/** The routes the site lists: 30 small items make the sitemap pass 1 kB. */
export const compressRoutes = [
  '/api/feed.json',
  '/api/small.json',
  '/api/rss.xml',
  '/api/blob',
  '/api/noise.txt',
  '/api/docs',
  '/api/taken.json',
  ...Array.from({ length: 30 }, (_, i) => `/api/items/${i + 1}.json`),
];

/** The site, with `config` (a JS object literal's inside) added to its config. */
export function compressSite(config = 'compress: true'): string {
  return writeSite({
    'src/server/routes/api/feed.json.ts': route(`() => ({ items: ${JSON.stringify(prose(3000).split(' '))} })`),
    'src/server/routes/api/small.json.ts': route(`() => ({ ok: true })`),
    'src/server/routes/api/rss.xml.ts': route(
      `(event) => { setHeader(event, 'content-type', 'application/rss+xml; charset=utf-8'); return '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://example.com/</link><description>${prose(2000, 'item')}</description></channel></rss>'; }`,
      'defineEventHandler, setHeader',
    ),
    // Bytes without a type: application/octet-stream, never compressed.
    'src/server/routes/api/blob.ts': route(`() => new TextEncoder().encode(${JSON.stringify(prose(4000))})`),
    // Text no compressor shrinks: no copy is smaller, so none is written.
    'src/server/routes/api/noise.txt.ts': route(`(event) => { setHeader(event, 'content-type', 'text/plain'); return Buffer.from('${noise(3000).toString('base64')}', 'base64'); }`, 'defineEventHandler, setHeader'),
    // HTML without extension: docs/index.html, served at /api/docs.
    'src/server/routes/api/docs.ts': route(`(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return '<!doctype html><p>${prose(2000, 'doc')}</p>'; }`, 'defineEventHandler, setHeader'),
    'src/server/routes/api/taken.json.ts': route(`() => ({ text: ${JSON.stringify(prose(2000, 'taken'))} })`),
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
    'public/app.js': `console.log(${JSON.stringify(prose(3000, 'app'))});\n`,
    'public/data.csv': prose(2000, 'row').replaceAll(' ', ',\n'),
    'public/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    'public/small.css': 'body { color: red }\n',
    'public/photo.png': noise(3000, 11).toString('latin1'),
    // Hosts' own files are never compressed; a site's own .gz and a file named like a copy stay its files.
    'public/_headers': `/app.js\n  X-Note: ${prose(1500)}\n`,
    'public/archive.json.gz': noise(2000, 13).toString('latin1'),
    'public/api/taken.json.br': 'not brotli: a file of the site',
    'prerender.config.mjs': `export default { name: 'packed', ${config}, prerender: { routes: ${JSON.stringify(compressRoutes)}, sitemap: { host: 'https://example.com' } } };`,
  });
}

/** zlib's zstd decompressor, from Node 22.15 on (absent from @types/node 20). */
const zstdDecompress = (zlib as unknown as { zstdDecompressSync: (body: Buffer) => Buffer }).zstdDecompressSync;

/** `copy` decompressed as `encoding` says. */
export function decode(copy: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(copy);
  if (encoding === 'gzip') return zlib.gunzipSync(copy);
  return zstdDecompress(copy);
}
