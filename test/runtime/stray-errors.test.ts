/**
 * A route whose code throws outside its request (in a timer) or leaves a rejected promise nothing
 * awaits (src/runtime/stray-errors.ts): the built server and `prerender preview` print it with the
 * route file's line and keep answering every client, where Node would end the process.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBinServer, type BinServer } from '../support/bin-server.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const api = 'src/server/routes/api';
let built: ServerProcess;
let preview: BinServer;

beforeAll(async () => {
  const outDir = tempDir('out-');
  const root = writeSite({
    [`${api}/ok.json.ts`]: route(`() => ({ ok: true })`),
    [`${api}/timer.json.ts`]: route(`() => { setTimeout(() => { throw new Error('thrown in a timer'); }, 5); return { timer: true }; }`),
    [`${api}/orphan.json.ts`]: route(`() => { Promise.reject(new Error('rejected, never awaited')); return { orphan: true }; }`),
    'prerender.config.mjs': `export default { name: 'stray', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ['/api/ok.json'] } };`,
  });
  const { dir } = await buildSite(root, { config: { outDir } });
  [built, preview] = await Promise.all([startServerProcess(join(dir, 'server', 'index.mjs')), startBinServer('preview', root, ['--port', '0'])]);
});

afterAll(async () => {
  await Promise.all([built?.stop(), preview?.stop()]);
});

describe.each([
  ['the built server', () => ({ url: built.url, stderr: () => built.stderr() })],
  ['prerender preview', () => ({ url: preview.url, stderr: () => preview.stderr() })],
])('%s', (_name, server) => {
  it.each([
    ['/api/timer.json', 'An error thrown, outside any request (the server goes on): Error: thrown in a timer', 'timer.json.ts'],
    ['/api/orphan.json', 'A promise rejected that nothing awaited, outside any request (the server goes on): Error: rejected, never awaited', 'orphan.json.ts'],
  ])('after %s: prints it with the route file\'s line, and answers the next request', async (path, said, file) => {
    const { url, stderr } = server();
    const port = Number(new URL(url).port);
    expect((await rawRequest(port, path)).status).toBe(200);
    await until(() => stderr().includes(said));
    expect(stderr()).toMatch(new RegExp(`^error ${escape(said)}\\n\\s+at .*${escape(file)}:\\d+:\\d+`, 'm'));
    const next = await rawRequest(port, '/api/ok.json');
    expect([next.status, JSON.parse(next.text)]).toEqual([200, { ok: true }]);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 5000) throw new Error('not printed within 5 s');
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
