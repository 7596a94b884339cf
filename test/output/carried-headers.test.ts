/** Headers beyond the type: kept by the prerender, written to _headers, served alike by preview and the built server. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, type RunningServer } from '../../src/index.ts';
import { carriedHeaders } from '../../src/output/carried-headers.ts';
import { readManifest } from '../../src/output/manifest.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

describe('carriedHeaders', () => {
  it('keeps what a static host can carry, sorted, and never set-cookie', () => {
    const headers = new Headers({
      'set-cookie': 'session=1',
      'x-robots-tag': 'noindex',
      'cache-control': 'public, max-age=60',
      'content-type': 'application/json',
      'content-length': '2',
      etag: '"x"',
      link: '</a>; rel=preload',
      'access-control-allow-origin': '*',
      'content-disposition': 'attachment; filename="a.csv"',
      'content-language': 'de',
    });
    expect(carriedHeaders(headers)).toEqual([
      ['access-control-allow-origin', '*'],
      ['cache-control', 'public, max-age=60'],
      ['content-disposition', 'attachment; filename="a.csv"'],
      ['content-language', 'de'],
      ['link', '</a>; rel=preload'],
      ['x-robots-tag', 'noindex'],
    ]);
  });
});

const setting = `(event) => {
  setHeader(event, 'cache-control', 'public, max-age=3600');
  setHeader(event, 'x-robots-tag', 'noindex');
  setHeader(event, 'set-cookie', 'session=secret');
  return { cached: true };
}`;
const site = {
  'package.json': JSON.stringify({ name: 'carried-site', private: true }),
  'src/server/routes/api/cached.json.ts': route(setting, 'defineEventHandler, setHeader'),
  'src/server/routes/api/plain.json.ts': route(`() => ({ plain: true })`),
  'prerender.config.mjs': `export default { prerender: { routes: ['/api/cached.json', '/api/plain.json'] } };`,
};

describe('a handler setting cache-control, x-robots-tag and set-cookie', () => {
  let dir: string;
  let root: string;
  let outDir: string;
  let preview: RunningServer;
  let server: ServerProcess;

  beforeAll(async () => {
    root = writeSite(site);
    ({ dir, outDir } = await buildSite(root));
    preview = await createPreviewServer({ root, config: { outDir }, port: 0 });
    server = await startServerProcess(join(dir, 'server', 'index.mjs'));
  });
  afterAll(async () => {
    await preview?.close();
    await server?.stop();
  });

  it('records the headers a host can carry in the manifest, never set-cookie', async () => {
    const manifest = await readManifest(dir);
    expect(manifest.find((entry) => entry.route === '/api/cached.json')?.headers).toEqual([
      ['cache-control', 'public, max-age=3600'],
      ['x-robots-tag', 'noindex'],
    ]);
    expect(manifest.find((entry) => entry.route === '/api/plain.json')).not.toHaveProperty('headers');
  });

  it('writes them to _headers for the file', () => {
    expect(readFileSync(join(dir, 'public', '_headers'), 'utf8')).toContain(
      '/api/cached.json\n  Content-Type: application/json;charset=UTF-8\n  Cache-Control: public, max-age=3600\n  X-Robots-Tag: noindex\n',
    );
  });

  it.each(['preview', 'built server'])('%s serves the file with them, and the default cache-control elsewhere', async (which) => {
    const base = which === 'preview' ? preview.url : server.url;
    const cached = await fetch(new URL('/api/cached.json', base));
    expect(await cached.json()).toEqual({ cached: true });
    expect(cached.headers.get('etag')).not.toBeNull();
    expect(cached.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(cached.headers.get('x-robots-tag')).toBe('noindex');
    expect(cached.headers.get('set-cookie')).toBeNull();
    const plain = await fetch(new URL('/api/plain.json', base));
    await plain.arrayBuffer();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers.get('x-robots-tag')).toBeNull();
  });
});
