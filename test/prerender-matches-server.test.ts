/**
 * Every prerendered file of the sample site is what the server sends for its route: the same bytes
 * and the content type the manifest records, both from the built server process (which serves the
 * file) and from the routes alone over a socket (the static layer bypassed, the handler answering).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../src/bundle/load-bundle.ts';
import type { ManifestEntry } from '../src/output/manifest.ts';
import { listen, type RunningServer } from '../src/runtime/listen.ts';
import { sampleBuild } from './support/sample-build.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { samplePrerendered } from './support/sample-endpoints.ts';

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
