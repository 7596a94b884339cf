/**
 * `compress` in a Vite site (SPEC section 9): `vite build` writes copies of the client's files and
 * the routes' alike, and `vite preview` sends them as prerender preview does, over a real socket with
 * raw `Accept-Encoding` headers; Vite's own compression never encodes them again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vite8 from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.ts';
import { decode, prose } from '../support/compress-site.ts';
import { copyViteSite, createViteLogger } from '../support/vite-site.ts';

let publicDir: string;
let server: vite8.PreviewServer;
let port: number;

beforeAll(async () => {
  const root = copyViteSite();
  const config = join(root, 'prerender.config.mjs');
  writeFileSync(config, readFileSync(config, 'utf8').replace("name: 'vite-site',", "name: 'vite-site',\n  compress: ['br', 'gzip'],"));
  // A client file large enough for copies, as a real app's script or stylesheet is.
  writeFileSync(join(root, 'public', 'app.css'), `body::after { content: ${JSON.stringify(prose(3000, 'style'))} }\n`);
  await vite8.build({ root, customLogger: createViteLogger() });
  publicDir = join(root, 'dist', 'vite-site', 'public');
  server = await vite8.preview({ root, preview: { port: 0, host: '127.0.0.1' }, customLogger: createViteLogger() });
  port = Number(new URL(server.resolvedUrls!.local[0]).port);
});

afterAll(async () => {
  await server?.close();
});

describe('vite preview of a site built with compress', () => {
  // Vite answers 403 to a Host it does not know.
  const get = (target: string, headers: string[] = []) => rawRequest(port, target, { host: '127.0.0.1', headers });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const)('answers Accept-Encoding %j for a client file with its %s copy, typed as the file, with Vary', async (header, encoding) => {
    const response = await get('/app.css', [`Accept-Encoding: ${header}`]);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(decode(response.body, encoding).equals(readFileSync(join(publicDir, 'app.css')))).toBe(true);
  });

  it('sends the file itself, with Vary, to a request without Accept-Encoding', async () => {
    const response = await get('/app.css');
    expect([response.status, response.headers['content-encoding'], response.headers['vary']]).toEqual([200, undefined, 'accept-encoding']);
    expect(response.body.equals(readFileSync(join(publicDir, 'app.css')))).toBe(true);
  });
});
