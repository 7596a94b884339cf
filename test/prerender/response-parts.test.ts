import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** Each result kind a handler can return, the file it lands in and the type it must carry. */
const results = [
  { name: 'string', body: `() => 'plain text, ünïcode'`, type: 'text/plain; charset=utf-8' },
  { name: 'empty-string', body: `() => ''`, type: 'text/plain; charset=utf-8' },
  { name: 'undefined', body: `() => undefined`, type: 'text/plain; charset=utf-8' },
  { name: 'object', body: `() => ({ a: 1, b: 'x' })`, type: 'application/json;charset=UTF-8' },
  { name: 'array', body: `() => [1, 'two', { three: 3 }]`, type: 'application/json;charset=UTF-8' },
  { name: 'bytes', body: `() => new Uint8Array([0, 1, 2, 255])`, type: 'application/octet-stream' },
  { name: 'buffer', body: `() => Buffer.from('buffer body')`, type: 'application/octet-stream' },
  { name: 'blob', body: `() => new Blob(['blob body'])`, type: 'application/octet-stream' },
  {
    name: 'stream',
    body: `() => new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('one,')); c.enqueue(new TextEncoder().encode('two')); c.close(); } })`,
    type: 'application/octet-stream',
  },
  // The server writes a Node stream as it is; the prerender reads it as the web stream it becomes.
  { name: 'node-stream', body: `async () => (await import('node:stream')).Readable.from([Buffer.from('node '), Buffer.from('stream')])`, type: 'application/octet-stream' },
  // An older stream (only `pipe`, no Readable), which the server pipes all the same.
  {
    name: 'legacy-stream',
    body: `async () => { const s = new (await import('node:stream')).Stream(); setTimeout(() => { s.emit('data', Buffer.from('legacy ')); s.emit('data', Buffer.from('stream')); s.emit('end'); }, 20); return s; }`,
    type: 'application/octet-stream',
  },
  { name: 'typed-bytes', body: `(event) => { setHeader(event, 'content-type', 'image/png'); return new Uint8Array([137, 80]); }`, type: 'image/png' },
  { name: 'response', body: `() => new Response('csv,data\\n', { status: 201, headers: { 'content-type': 'text/csv', 'x-custom': 'kept' } })`, type: 'text/csv' },
  { name: 'response-untyped', body: `() => new Response(new Uint8Array([9, 8, 7]))`, type: 'application/octet-stream' },
  { name: 'response-empty', body: `() => new Response(null, { status: 200 })`, type: 'text/plain; charset=utf-8' },
];

/** Routes that must fail, and what their failure must say. */
const failing = [
  { name: 'redirect', body: `() => Response.redirect('http://localhost/elsewhere', 301)`, status: 301, error: /redirects to http:\/\/localhost\/elsewhere.*cannot redirect/ },
  { name: 'redirect-h3', body: `() => redirect('/api/r/string', 302)`, status: 302, error: /redirects to \/api\/r\/string \(status 302\); a static file cannot redirect: list \/api\/r\/string, where it redirects, in its place, and redirect in the host's rules \(a _redirects file on Netlify/ },
  { name: 'never-settles', body: `() => new Promise(() => {})`, status: 0, error: /did not respond within 2000 ms \(prerender\.timeout\): its handler is still waiting \(on a promise that never settles, or on work that takes longer\); give what it waits for a time limit, or raise prerender\.timeout if the route takes longer/ },
  {
    name: 'never-ends',
    // Pushes forever until cancelled; the flag shows the prerender cancelled it, so it stops.
    body: `() => { let timer; return new ReadableStream({ start(c) { timer = setInterval(() => c.enqueue(new TextEncoder().encode('tick')), 10); }, cancel() { clearInterval(timer); globalThis.__neverEndsCancelled = true; } }); }`,
    status: 0,
    error: /body did not end within 2000 ms/,
  },
  { name: 'never-ends-quiet', body: `() => new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('start')); } })`, status: 0, error: /body did not end within 2000 ms/ },
  {
    name: 'waits-for-abort',
    // Waits for its request's signal, as a handler passing it on to fetch or a database would.
    body: `(event) => new Promise(() => event.req.signal.addEventListener('abort', () => { globalThis.__abortedAtTimeout = event.req.signal.aborted; }))`,
    status: 0,
    error: /did not respond within 2000 ms/,
  },
];

/** A route answering with the request its handler was given (not compared with a live request, which has no x-prerender). */
const requestSeen = {
  name: 'request-seen',
  body: `(event) => ({ url: event.req.url, method: event.req.method, prerender: event.req.headers.get('x-prerender'), isRequest: event.req instanceof Request, aborted: event.req.signal.aborted })`,
};

const all = [...results, ...failing, requestSeen];
let dir: string;
let report: BuildReport;
let manifest: Map<string, { file: string; contentType: string; bytes: number; status: number }>;
let live: ServerProcess;
let built: ServerProcess;

beforeAll(async () => {
  const files: Record<string, string> = {
    'prerender.config.mjs': `export default { name: 'results', prerender: { timeout: 2000, failOnError: false, routes: ${JSON.stringify(all.map((r) => `/api/r/${r.name}`))} } };`,
  };
  for (const r of all) files[`src/server/routes/api/r/${r.name}.ts`] = route(r.body, 'defineEventHandler, setHeader, redirect');
  ({ dir, report } = await buildSite(writeSite(files)));
  const entries = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8')).routes as { route: string; file: string; contentType: string; bytes: number; status: number }[];
  manifest = new Map(entries.map((entry) => [entry.route, entry]));
  // The same bundle copied away from its public/ answers every route live, as the server would.
  const away = join(tempDir('live-'), 'server');
  mkdirSync(away);
  copyFileSync(join(dir, 'server', 'index.mjs'), join(away, 'index.mjs'));
  live = await startServerProcess(join(away, 'index.mjs'));
  built = await startServerProcess(join(dir, 'server', 'index.mjs'));
});

afterAll(async () => {
  await live?.stop();
  await built?.stop();
});

describe('handler results: what is written is what the server sends', () => {
  it.each(results)('$name: the written bytes and recorded type equal the live response', async ({ name, type }) => {
    const entry = manifest.get(`/api/r/${name}`)!;
    expect(entry.contentType).toBe(type);
    const written = readFileSync(join(dir, 'public', entry.file));
    expect(entry.bytes).toBe(written.byteLength);

    const response = await rawRequest(live.port, `/api/r/${name}`);
    expect(response.status).toBe(entry.status);
    expect(response.headers['content-type']).toBe(entry.contentType);
    expect(response.body.equals(written)).toBe(true);
  });

  it.each(results)('$name: the built server serves the written file with the recorded type', async ({ name }) => {
    const entry = manifest.get(`/api/r/${name}`)!;
    const response = await rawRequest(built.port, `/api/r/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(entry.contentType);
    expect(response.body.equals(readFileSync(join(dir, 'public', entry.file)))).toBe(true);
  });

  it('hands the handler a GET Request of the route with the x-prerender header', () => {
    const entry = manifest.get('/api/r/request-seen')!;
    expect(JSON.parse(readFileSync(join(dir, 'public', entry.file), 'utf8'))).toEqual({ url: 'http://localhost/api/r/request-seen', method: 'GET', prerender: '1', isRequest: true, aborted: false });
  });

  it('keeps the status and headers of a Response the handler built', async () => {
    expect(manifest.get('/api/r/response')!.status).toBe(201);
    const response = await rawRequest(live.port, '/api/r/response');
    expect([response.status, response.headers['x-custom']]).toEqual([201, 'kept']);
  });
});

describe('handler results that cannot be files', () => {
  it('fails redirects and routes past the timeout, ends the build and reports each', () => {
    expect(report.ok).toBe(results.length + 1);
    expect(report.failed).toBe(failing.length);
    for (const { name, status, error } of failing) {
      const failure = report.failures.find((f) => f.route === `/api/r/${name}`);
      expect(failure, name).toBeDefined();
      expect(failure!.status, name).toBe(status);
      expect(failure!.error, name).toMatch(error);
      expect(manifest.has(`/api/r/${name}`), name).toBe(false);
    }
  });

  it('cancels a body that never ends, so its source stops', () => {
    expect((globalThis as { __neverEndsCancelled?: boolean }).__neverEndsCancelled).toBe(true);
  });

  it("aborts the signal of a request past the timeout, so the handler's own work can stop", () => {
    expect((globalThis as { __abortedAtTimeout?: boolean }).__abortedAtTimeout).toBe(true);
  });
});
