/**
 * Where and how dev and preview listen (src/server/address.ts): `--body-limit` from the real bin, bodies
 * over it refused with 413 and an error a route throws on stderr with its stack (the client gets a bare
 * 500 from preview, the error's message and stack from dev); a body limit that is no number of bytes
 * refused by createDevServer and createPreviewServer alike.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { secrets, writeAttackSite } from '../support/attack-table.ts';
import { startBinServer, type BinServer } from '../support/bin-server.ts';
import { buildSite, runCli } from '../support/helpers.ts';
import { chunkedBody, rawRequest } from '../support/raw-http.ts';

const limit = 1000;
const servers: Record<'dev' | 'preview', BinServer | undefined> = { dev: undefined, preview: undefined };

beforeAll(async () => {
  const { root } = writeAttackSite();
  // The site's own dist/, so that `prerender preview <root>` finds the build without flags.
  await buildSite(root, { config: { outDir: join(root, 'dist') } });
  [servers.preview, servers.dev] = await Promise.all([
    startBinServer('preview', root, ['--body-limit', String(limit)]),
    startBinServer('dev', root, ['--body-limit', String(limit)]),
  ]);
});

afterAll(async () => {
  await Promise.all([servers.preview?.stop(), servers.dev?.stop()]);
});

describe.each(['preview', 'dev'] as const)('prerender %s --body-limit 1000', (command) => {
  const server = () => servers[command]!;

  it('refuses a declared body over the limit with 413 before any route runs, on routes and files', async () => {
    for (const target of ['/api/echo', '/robots.txt']) {
      const response = await rawRequest(server().port, target, { method: 'POST', headers: [`content-length: ${limit + 1}`] });
      expect([response.status, response.text], target).toEqual([413, 'Content Too Large']);
      expect(response.headers.connection, target).toBe('close');
      expect((await rawRequest(server().port, '/robots.txt')).status).toBe(200);
    }
  });

  it('refuses a streamed body over the limit with 413 when the route reads it', async () => {
    const response = await rawRequest(server().port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(3, 500) });
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect((await rawRequest(server().port, '/robots.txt')).status).toBe(200);
  });

  it('lets a body at the limit reach the route whole, declared or streamed', async () => {
    const declared = await rawRequest(server().port, '/api/echo', { method: 'POST', headers: [`content-length: ${limit}`], body: ['x'.repeat(limit)] });
    expect([declared.status, JSON.parse(declared.text)]).toEqual([200, { size: limit }]);
    const streamed = await rawRequest(server().port, '/api/echo', { method: 'POST', headers: ['transfer-encoding: chunked'], body: chunkedBody(2, limit / 2) });
    expect([streamed.status, JSON.parse(streamed.text)]).toEqual([200, { size: limit }]);
  });

  it(`prints an unhandled error with its stack on stderr, and ${command === 'dev' ? 'answers with it (dev only)' : 'sends none of it'}`, async () => {
    const response = await rawRequest(server().port, '/api/boom');
    expect(response.status).toBe(500);
    if (command === 'dev') {
      expect(JSON.parse(response.text)).toMatchObject({ status: 500, unhandled: true, message: `boom-${secrets.inDist}`, stack: expect.stringMatching(/^Error: boom-.*\n\s+at .*\/api\/boom\.ts:2:\d+/) });
    } else {
      expect(JSON.parse(response.text)).toEqual({ status: 500, unhandled: true, message: 'HTTPError' });
      expect(response.text).not.toContain('boom');
    }
    await server().waitForStderr(`Error: boom-${secrets.inDist}`);
    expect(server().stderr()).toMatch(new RegExp(`Error: boom-${secrets.inDist}\\n\\s+at `));
    expect((await rawRequest(server().port, '/api/hello')).text).toBe('hello');
  });
});

describe('a --body-limit that is no number of bytes', () => {
  it('makes prerender dev and prerender preview exit 2, naming the flag', async () => {
    const root = writeAttackSite().root;
    const cases = [
      { command: 'dev', value: '1mb', shown: '"1mb"' },
      { command: 'preview', value: '1.5', shown: '"1.5"' },
    ];
    const results = await Promise.all(cases.map(({ command, value }) => runCli([command, root, '--port', '0', '--body-limit', value])));
    for (const [i, { command, shown }] of cases.entries()) {
      expect(results[i].code, command).toBe(2);
      expect(results[i].stderr, command).toContain(`--body-limit must be a whole number of bytes, got ${shown}.`);
      expect(results[i].stderr, command).toContain('--body-limit 1048576 is the default (1 MiB)');
    }
  });
});

describe('a body limit that is no number of bytes', () => {
  const { root } = writeAttackSite();

  it.each([-1, 1.5, '1mb', Number.NaN])('createDevServer and createPreviewServer refuse %s with a usage error naming their option', async (bodyLimit) => {
    const shown = typeof bodyLimit === 'number' ? String(bodyLimit) : JSON.stringify(bodyLimit);
    const expected = (caller: string) => ({
      code: 'USAGE',
      message: `option "bodyLimit" of ${caller} must be a whole number of bytes, got ${shown}.`,
      hint: 'Pass the largest request body to accept, in bytes: bodyLimit: 1048576 is the default (1 MiB).',
    });
    await expect(createDevServer({ root, port: 0, bodyLimit: bodyLimit as number, logger: createMemoryLogger() })).rejects.toMatchObject(expected('createDevServer()'));
    await expect(createPreviewServer({ root, config: { outDir: join(root, 'nowhere') }, port: 0, bodyLimit: bodyLimit as number })).rejects.toMatchObject(expected('createPreviewServer()'));
  });

  it('a port or host that is none names the option and shows it set', async () => {
    await expect(createDevServer({ root, port: 'abc' as never, logger: createMemoryLogger() })).rejects.toMatchObject({
      code: 'USAGE',
      message: 'option "port" of createDevServer() must be a whole number from 0 to 65535, got "abc".',
      hint: 'Pass a free port, such as port: 3000.',
    });
    await expect(createPreviewServer({ root, port: 0, host: '' })).rejects.toMatchObject({
      message: 'option "host" of createPreviewServer() must be a host name or address, got "".',
      hint: "Pass host: '127.0.0.1' (this machine) or host: '0.0.0.0' (every interface).",
    });
  });
});
