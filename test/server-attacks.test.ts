/** The built server process faces the attack table; test/scenarios/survive-attacks.test.ts runs it on dev and preview. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeTarget } from '../src/runtime/index.ts';
import { plantSecretsNextTo, runAttackTable, writeAttackSite } from './support/attack-table.ts';
import { buildSite } from './support/helpers.ts';
import { rawRequest } from './support/raw-http.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

let server: ServerProcess;

beforeAll(async () => {
  const { outDir, dir } = await buildSite(writeAttackSite().root);
  plantSecretsNextTo(outDir, dir);
  server = await startServerProcess(join(dir, 'server', 'index.mjs'));
});

afterAll(async () => {
  await server?.stop();
});

describe('the built server (node dist/<name>/server/index.mjs) under attack', () => {
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

describe('isSafeTarget: the raw target check before URL parsing', () => {
  it.each([
    ['/api/feed.xml?page=../2', true],
    ['/a/b%2Fc', true],
    ['/%252e%252e/x', true],
    ['/...', true],
    ['*', true],
    ['http://x/a', true],
    ['/../x', false],
    ['/a/..', false],
    ['/a/.', false],
    ['/%2e%2E/x', false],
    ['/..%2fx', false],
    ['/x%5c..', false],
    ['/%', false],
    ['/%C0%AF', false],
    ['/%0a', false],
    ['http://x/../y', false],
    ['garbage', false],
  ])('%s -> %s', (target, safe) => {
    expect(isSafeTarget(target)).toBe(safe);
  });
});
