/**
 * A site on the open internet: the built server process (`node dist/<name>/server/index.mjs`),
 * `createPreviewServer` (on a build of the attack site) and `createDevServer` (on its source) face one
 * attack table of hostile request targets over real sockets, leak nothing, keep answering, and refuse
 * bodies over the default limit. The three share one listen layer (src/runtime/listen.ts).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { defaultBodyLimit } from '../../src/runtime/index.ts';
import { plantSecretsNextTo, runAttackTable, writeAttackSite } from '../support/attack-table.ts';
import { buildSite } from '../support/helpers.ts';
import { chunkedBody, rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

let root: string;
let preview: RunningServer;
let dev: RunningServer;
const devLogger = createMemoryLogger();

beforeAll(async () => {
  ({ root } = writeAttackSite());
  const built = await buildSite(root);
  plantSecretsNextTo(built.outDir, built.dir);
  preview = await createPreviewServer({ root, config: { outDir: built.outDir }, port: 0 });
  dev = await createDevServer({ root, port: 0, logger: devLogger });
});

afterAll(async () => {
  await preview?.close();
  await dev?.close();
});

const portOf = (server: RunningServer) => Number(new URL(server.url).port);

describe.each([
  ['prerender preview (createPreviewServer on the build)', () => preview],
  ['prerender dev (createDevServer on the source)', () => dev],
])('%s under attack', (_name, server) => {
  it('answers every hostile target with its 4xx, leaks nothing, and keeps answering', async () => {
    await runAttackTable(portOf(server()));
  });

  it('still serves the files and routes it should', async () => {
    const port = portOf(server());
    expect((await rawRequest(port, '/robots.txt')).text).toBe('User-agent: *\n');
    const hello = await rawRequest(port, '/api/hello');
    expect([hello.status, hello.text, hello.headers['content-type']]).toEqual([200, 'hello', 'text/plain; charset=utf-8']);
  });

  it.each(['/<script>alert(1)</script>', '/api/<script>x', '/api/hello?<script>=1', '/%3Cscript%3E', `/api/"><svg/onload=alert(1)>`, `/api/hello?q="><svg/onload=alert(1)>`])(
    'answers %s without echoing markup',
    async (target) => {
      const response = await rawRequest(portOf(server()), target);
      expect(response.status).toBeLessThan(500);
      expect(response.headers['content-type']).not.toMatch(/html/);
      expect(response.text).not.toMatch(/<script|<svg/i);
    },
  );

  it('says why it refuses a target with 400, in fixed words that echo nothing of it', async () => {
    const port = portOf(server());
    const dots = await rawRequest(port, '/api/%2e%2e/%2e%2e/.env');
    expect([dots.status, dots.text]).toEqual([400, 'Bad Request: the path has a `.` or `..` segment or a control character, written or percent-encoded: nothing is served outside the site.\n']);
    const escape = await rawRequest(port, '/api/%zz');
    expect([escape.status, escape.text]).toEqual([400, 'Bad Request: the path has a malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8).\n']);
  });

  it(`refuses a declared body over the default limit (${defaultBodyLimit} bytes) with 413, on routes and files`, async () => {
    const port = portOf(server());
    for (const target of ['/api/echo', '/robots.txt']) {
      const response = await rawRequest(port, target, { method: 'POST', headers: [`content-length: ${defaultBodyLimit + 1}`] });
      expect(response.status, target).toBe(413);
      expect(response.headers.connection, target).toBe('close');
      expect((await rawRequest(port, '/robots.txt')).status).toBe(200);
    }
  });

  it('refuses a streamed body over the default limit with 413 when the route reads it, and takes one at the limit', async () => {
    const port = portOf(server());
    const over = await rawRequest(port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(17, 64 * 1024) });
    expect(over.status).toBe(413);
    expect(over.text).not.toContain('xxxx');
    const exact = await rawRequest(port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(16, 64 * 1024) });
    expect([exact.status, JSON.parse(exact.text)]).toEqual([200, { size: defaultBodyLimit }]);
  });
});

describe('prerender dev under a burst of bodies over the limit', () => {
  it('answers each with 413, never with a 500 from a connection to its build that was cut', async () => {
    // The build's thread stops reading a body it refused; the answer must still come through.
    const port = portOf(dev);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await rawRequest(port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(17, 64 * 1024) })).status);
    }
    expect(statuses).toEqual(Array(20).fill(413));
  });
});

describe('the dev server log under attack', () => {
  it('shows request paths percent-encoded, never a control character', () => {
    // The table sends %00 and friends; a raw control character would reach the terminal.
    expect(devLogger.lines.join('\n')).not.toMatch(/[\0-\x09\x0b-\x1f\x7f]/);
    expect(devLogger.lines).toContainEqual(expect.stringMatching(/^GET \/%252e%252e\/x 404 \d+ms$/));
    // As sent, not as its parsed URL (/.env) would say: the 400 is for this target.
    expect(devLogger.lines).toContainEqual(expect.stringMatching(/^GET \/api\/\.\.\/\.\.\/\.env 400 \d+ms$/));
    expect(devLogger.lines).toContainEqual(expect.stringMatching(/^GET \/x%00\.html 400 \d+ms$/));
  });
});

describe('the built server (node dist/<name>/server/index.mjs) under attack', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const { outDir, dir } = await buildSite(writeAttackSite().root);
    plantSecretsNextTo(outDir, dir);
    server = await startServerProcess(join(dir, 'server', 'index.mjs'));
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers every hostile target with its 4xx, leaks nothing, and keeps answering', async () => {
    await runAttackTable(server.port);
    expect(server.running()).toBe(true);
    expect(server.stderr()).toBe('');
  });

  it('still serves the files and routes it should', async () => {
    expect((await rawRequest(server.port, '/robots.txt')).text).toBe('User-agent: *\n');
    const hello = await rawRequest(server.port, '/api/hello');
    expect([hello.status, hello.text, hello.headers['content-type']]).toEqual([200, 'hello', 'text/plain; charset=utf-8']);
  });
});
