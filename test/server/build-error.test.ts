/**
 * An error a handler throws and does not handle: `prerender dev` answers with its message and its
 * stack (in the route file, with its causes), as JSON or as an HTML page for browsers, every field
 * escaped; `prerender preview` and the built server answer h3's bare 500 and show nothing of it. An
 * error the handler means as its answer (`createError({ status: 418 })`) is answered alike by all.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const api = 'src/server/routes/api';
/** Throws at line 4 (column 9), caused by an error made at line 3. */
const throwing = [
  `import { defineEventHandler } from 'h3';`,
  `export default defineEventHandler(() => {`,
  `  const cause = new Error('price table is empty');`,
  `  throw new Error('no price for <b>x</b> & "y"', { cause });`,
  `});`,
].join('\n');
const secretWords = ['no price', 'price table'];

let root: string;
let dev: RunningServer;
let preview: RunningServer;
let built: ServerProcess;
const portOf = (url: string) => Number(new URL(url).port);

beforeAll(async () => {
  root = writeSite({
    [`${api}/price.ts`]: throwing,
    [`${api}/teapot.ts`]: route(`() => { throw createError({ status: 418, message: 'short and stout' }); }`, 'createError, defineEventHandler'),
  });
  const build = await buildSite(root);
  [dev, preview, built] = await Promise.all([
    createDevServer({ root, port: 0, logger: createMemoryLogger() }),
    createPreviewServer({ root, config: { outDir: build.outDir }, port: 0 }),
    startServerProcess(join(build.dir, 'server', 'index.mjs')),
  ]);
});

afterAll(async () => {
  await Promise.all([dev?.close(), preview?.close(), built?.stop()]);
});

describe('prerender dev', () => {
  it('answers JSON with the message and the stack at its place in the route file, with its causes', async () => {
    const answer = await rawRequest(portOf(dev.url), '/api/price');
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).not.toMatch(/[<>&]/);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ status: 500, unhandled: true, message: 'no price for <b>x</b> & "y"' });
    const file = join(root, api, 'price.ts');
    expect(body.stack).toMatch(new RegExp(`^Error: no price for <b>x</b> & "y"\\n\\s+at .*${escape(file)}:4:9`));
    expect(body.stack).toContain(`Caused by: Error: price table is empty\n    at `);
    expect(body.stack).toContain(`${file}:3:`);
    // The frames below the handler (our runtime, h3, srvx) are the same for every error.
    expect(body.stack).not.toMatch(/node_modules|lib\/src\/runtime/);
  });

  it('answers a browser with an HTML page showing the same, escaped', async () => {
    const page = await rawRequest(portOf(dev.url), '/api/price', { headers: ['accept: text/html'] });
    expect(page.status).toBe(500);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).toContain('no price for &#60;b&#62;x&#60;/b&#62; &#38; &#34;y&#34;');
    expect(page.text).toContain(`${join(root, api, 'price.ts')}:4:9`);
    expect(page.text).not.toContain('<b>');
  });

  it('answers an error the handler meant as its answer as h3 does', async () => {
    const answer = await rawRequest(portOf(dev.url), '/api/teapot');
    expect([answer.status, JSON.parse(answer.text)]).toEqual([418, { status: 418, message: 'short and stout' }]);
  });
});

describe.each([
  ['prerender preview', () => preview.url],
  ['the built server', () => built.url],
])('%s', (_name, url) => {
  it('answers a bare 500 that shows nothing of the error, for JSON and for browsers', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const answer = await rawRequest(portOf(url()), '/api/price', { headers: [`accept: ${accept}`] });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.text)).toEqual({ status: 500, unhandled: true, message: 'HTTPError' });
      for (const word of secretWords) expect(answer.text).not.toContain(word);
    }
  });

  it('answers an error the handler meant as its answer as h3 does', async () => {
    const answer = await rawRequest(portOf(url()), '/api/teapot');
    expect([answer.status, JSON.parse(answer.text)]).toEqual([418, { status: 418, message: 'short and stout' }]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
