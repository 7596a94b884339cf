/**
 * The built site as production runs it: `node dist/<name>/server/index.mjs` in its own process (PORT,
 * HOST) answers every endpoint of the seed document over HTTP, and every prerendered file is what that
 * server sends for its route.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../../src/bundle/load-bundle.ts';
import type { ManifestEntry } from '../../src/output/manifest.ts';
import { listen, type RunningServer } from '../../src/runtime/listen.ts';
import { sampleBuild } from '../support/sample-build.ts';
import { samplePrerendered } from '../support/sample-endpoints.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const text = 'text/plain; charset=utf-8';
const json = 'application/json;charset=UTF-8';

describe('the built sample-site server process', () => {
  let server: ServerProcess;
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

  beforeAll(async () => {
    const { dir } = await sampleBuild();
    server = await startServerProcess(join(dir, 'server/index.mjs'));
  });
  afterAll(() => server?.stop());

  it.each([
    { path: '/api/v1/hello', type: text, body: 'Hello World' },
    { path: '/api/v1/users/7', type: text, body: 'User profile of 7' },
    { path: '/api/v1/query?param1=a&param2=b', type: text, body: 'query params are a and b' },
    { path: '/api/v1/42', type: text, body: 'The id is 42' },
    { path: '/api/anything/else', type: text, body: 'Default API route' },
  ])('GET $path: 200 $type "$body"', async ({ path, type, body }) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(await response.text()).toBe(body);
  });

  it('GET /api (index.ts): a JSON object with a message', async () => {
    const response = await get('/api');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(json);
    expect(await response.json()).toEqual({ message: 'Hello from the sample API' });
  });

  it('GET /api/rss.xml: the feed as text/xml', async () => {
    const response = await get('/api/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml');
    const body = await response.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">')).toBe(true);
    expect(body).toContain('<title>Sitemaps done right</title>');
  });

  it('POST /api/v1/users/7: the GET-only route does not take it; the catch-all answers', async () => {
    const response = await get('/api/v1/users/7', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Default API route');
  });

  it('POST /api/v1/users with a JSON body: {updated: true, ...}', async () => {
    const response = await get('/api/v1/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(json);
    expect(await response.json()).toEqual({ updated: true, name: 'Ada' });
  });

  it('GET /api/v1/abc: 400 "ID should be an integer" as status text and in the body', async () => {
    const response = await get('/api/v1/abc');
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('ID should be an integer');
    expect(await response.text()).toContain('ID should be an integer');
  });

  it('/api/v1/cookie sets visits=1, and counts up when the cookie comes back', async () => {
    const first = await get('/api/v1/cookie');
    expect(first.headers.get('set-cookie')).toMatch(/^visits=1; Path=\/; HttpOnly; SameSite=Lax$/i);
    expect(await first.json()).toEqual({ visits: 1 });

    const second = await get('/api/v1/cookie', { headers: { cookie: 'visits=1' } });
    expect(second.headers.get('set-cookie')).toMatch(/^visits=2;/);
    expect(await second.json()).toEqual({ visits: 2 });
  });

  it('GET /api/v1/boom: 500 whose body keeps the error to the server log', async () => {
    const response = await get('/api/v1/boom');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain('hunter2');
    expect(body).not.toContain('boom.ts');
    await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain('hunter2');
    expect(server.running()).toBe(true);
  });
});

/**
 * Every prerendered file of the sample site is what the server sends for its route: the same bytes
 * and the content type the manifest records, both from the built server process (which serves the
 * file) and from the routes alone over a socket (the static layer bypassed, the handler answering).
 */
describe('prerendered sample-site files match the server', () => {
  let dir: string;
  let entries: ManifestEntry[];
  let server: ServerProcess;
  let routesOnly: RunningServer;

  beforeAll(async () => {
    ({ dir } = await sampleBuild());
    entries = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes;
    server = await startServerProcess(join(dir, 'server/index.mjs'));
    const bundle = await loadBundle(join(dir, 'server/index.mjs'));
    routesOnly = await listen(bundle.fetch, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    await routesOnly?.close();
  });

  it('has a manifest entry for every configured route, each with a type', () => {
    expect(entries.map((entry) => entry.route)).toEqual(samplePrerendered);
    for (const entry of entries) expect(entry.contentType).toBeTruthy();
  });

  it('each file has the bytes the manifest records', () => {
    for (const entry of entries) expect(readFileSync(join(dir, 'public', entry.file)).length, entry.route).toBe(entry.bytes);
  });

  it.each([
    { via: 'the built server process', base: () => server.url },
    { via: 'the routes alone (no static layer)', base: () => routesOnly.url.replace(/\/$/, '') },
  ])('GET of each route through $via: the file bytes and the recorded type', async ({ base }) => {
    for (const entry of entries) {
      const response = await fetch(base() + entry.route);
      expect(response.status, entry.route).toBe(200);
      expect(response.headers.get('content-type'), entry.route).toBe(entry.contentType);
      expect(Buffer.from(await response.arrayBuffer()), entry.route).toEqual(readFileSync(join(dir, 'public', entry.file)));
    }
  });
});
