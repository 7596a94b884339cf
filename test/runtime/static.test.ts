/**
 * The built server lists `public/` once, when it starts: a request for a path that is no file makes no
 * file system call (seen through test/support/fs-spy.mjs, preloaded into the real server process), a file
 * read once is served from memory after, and a file added to `public/` later is not served.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const spy = pathToFileURL(join(import.meta.dirname, '..', 'support', 'fs-spy.mjs')).href;
let dir: string;
let server: ServerProcess;

/** The file system calls the server made so far, one `fs-call <function> <path>` line each. */
const calls = () => server.stderr().split('\n').filter((line) => line.startsWith('fs-call '));

/** The file system calls the server makes while answering `requests` (raw targets, with a method). */
async function callsFor(requests: [method: string, target: string][]): Promise<string[]> {
  const before = calls().length;
  for (const [method, target] of requests) await rawRequest(server.port, target, { method });
  return calls().slice(before);
}

beforeAll(async () => {
  const root = writeSite({
    'src/server/routes/api/hello.ts': route(`() => 'hello'`),
    'src/server/routes/api/items/[id].ts': route(`(event) => ({ id: event.context.params.id })`),
    'src/server/routes/api/echo.post.ts': route(`() => 'posted'`),
    'public/robots.txt': 'User-agent: *\n',
    'public/docs/index.html': '<h1>Docs</h1>',
    'prerender.config.mjs': `export default { name: 'files', prerender: { routes: ['/api/hello'] } };`,
  });
  ({ dir } = await buildSite(root));
  server = await startServerProcess(join(dir, 'server', 'index.mjs'), { NODE_OPTIONS: `--import=${spy}` });
});

afterAll(async () => {
  await server?.stop();
});

describe('the built server and public/', () => {
  it('lists public/ when it starts (the spy sees the server)', () => {
    expect(calls().some((line) => line.includes(join(dir, 'public')))).toBe(true);
  });

  it('answers routes and paths that are no file without one file system call', async () => {
    const made = await callsFor([
      ['GET', '/api/items/1'],
      ['HEAD', '/api/items/2'],
      ['GET', '/api/items/3?page=2'],
      ['POST', '/api/echo'],
      ['POST', '/api/hello'],
      ['GET', '/nothing/here.json'],
      ['GET', '/.env'],
      ['GET', '/_headers'],
      ['GET', '/api/'],
      ['GET', '/%252e%252e/x'],
    ]);
    expect(made).toEqual([]);
    const item = await rawRequest(server.port, '/api/items/7');
    expect([item.status, item.text]).toEqual([200, '{"id":"7"}']);
  });

  it('reads a small file once, then serves it from memory', async () => {
    const first = await callsFor([['GET', '/api/hello']]);
    expect(first.length).toBeGreaterThan(0);
    for (const line of first) expect(line).toContain(join(dir, 'public', 'api', 'hello'));
    expect(await callsFor([['GET', '/api/hello'], ['HEAD', '/api/hello'], ['GET', '/api/hello']])).toEqual([]);
    const hello = await rawRequest(server.port, '/api/hello');
    expect([hello.status, hello.text, hello.headers['cache-control']]).toEqual([200, 'hello', 'public, max-age=0, must-revalidate']);
  });

  it("serves a folder's index.html at the folder's URL, and never a file added to public/ after it started", async () => {
    expect((await rawRequest(server.port, '/docs/')).text).toBe('<h1>Docs</h1>');
    expect((await rawRequest(server.port, '/docs/index.html')).text).toBe('<h1>Docs</h1>');
    // Without the slash, sent to it as static hosts do: a relative link on the page resolves as there.
    const bare = await rawRequest(server.port, '/docs?tab=2');
    expect([bare.status, bare.headers.location, bare.headers['cache-control']]).toEqual([301, '/docs/?tab=2', 'public, max-age=0, must-revalidate']);
    expect((await rawRequest(server.port, '/docs', { method: 'HEAD' })).status).toBe(301);
    writeFileSync(join(dir, 'public', 'late.txt'), 'added later');
    expect(await callsFor([['GET', '/late.txt']])).toEqual([]);
    const late = await rawRequest(server.port, '/late.txt');
    expect(late.status).toBe(404);
    expect(late.text).not.toContain('added later');
    expect(server.stderr().split('\n').filter((line) => line && !line.startsWith('fs-call '))).toEqual([]);
  });
});
