/**
 * How the dev server shows what went wrong (src/server/build-error.ts): a build that failed, as an
 * HTML page or JSON with every field escaped and nothing of the request echoed; an error a handler
 * throws, with its message and stack in the route file, where preview and the built server answer a
 * bare 500.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer, PrerenderError, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';
import { pollUntil } from '../support/poll.ts';
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
const devLogger = createMemoryLogger();
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
    createDevServer({ root, port: 0, logger: devLogger }),
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
    expect(body.stack).not.toMatch(/node_modules|lib\/src\//);
  });

  it('prints the request and the same stack, with its causes, once: not h3\'s error object', async () => {
    await rawRequest(portOf(dev.url), '/api/price?a=1');
    const printed = await pollFor(() => devLogger.lines.find((line) => line.startsWith('error GET /api/price:')));
    const file = join(root, api, 'price.ts');
    expect(printed).toMatch(new RegExp(`^error GET /api/price: Error: no price for <b>x</b> & "y"\\n\\s+at .*${escape(file)}:4:9`));
    expect(printed).toContain(`Caused by: Error: price table is empty\n    at `);
    expect(printed.split('no price for').length).toBe(2);
    expect(printed).not.toMatch(/statusText|unhandled|node_modules|lib\/src\//);
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

describe('the built server', () => {
  it('prints the request and the stack of what the handler threw, with its causes, once: not h3\'s error object', async () => {
    await rawRequest(portOf(built.url), '/api/price');
    const printed = await pollFor(() => (built.stderr().includes('price table is empty') ? built.stderr() : undefined));
    expect(printed).toMatch(/^error GET \/api\/price: Error: no price for <b>x<\/b> & "y"\n\s+at /m);
    expect(printed).toContain('Caused by: Error: price table is empty\n    at ');
    // At the route file's lines; none of the frames below the handler (the runtime, h3, srvx), which
    // are the same for every error and name the files of the machine that built it.
    expect(printed).toContain(`${join(root, api, 'price.ts')}:4:9`);
    expect(printed).not.toMatch(/node_modules|lib\/src\/|callRouteHandler/);
    // The message once a request (the tests above asked twice more).
    expect(printed.split('no price for').length).toBe(printed.split('error GET /api/price:').length);
    expect(printed).not.toMatch(/statusText|unhandled/);
    // An error meant as the answer is no failure to print.
    await rawRequest(portOf(built.url), '/api/teapot');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(built.stderr()).not.toContain('short and stout');
  });
});

/** The value `find` gives once it gives one (within 5 s). */
async function pollFor<T>(find: () => T | undefined): Promise<T> {
  for (const started = Date.now(); Date.now() - started < 5000; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const found = find();
    if (found !== undefined) return found;
  }
  throw new Error('not found within 5 s');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The dev server's build-error answer (HTML page and JSON) on a site whose broken route file has
 * markup in its name and its source: every field escaped, nothing of the request echoed, and the
 * hint worded for dev.
 */
describe('a broken route file with markup in its name', () => {
  // Markup a route name may hold: parentheses are the router's syntax, which no file name may use.
  const brokenFile = 'src/server/routes/api/<svg onload=alert`1`>.ts';
  const brokenSource = `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => '</pre><script>alert(2)</script>' +);\n`;
  /** What a request may carry that must never come back. */
  const probe = 'reflect-me';
  const targets = [`/api/${probe}-<i>x</i>`, `/api/x?${probe}=<script>alert(3)</script>`, `/api/%3Cscript%3E${probe}`];

  let root: string;
  let server: RunningServer;
  const logger = createMemoryLogger();

  beforeAll(async () => {
    root = writeSite({ [brokenFile]: brokenSource, 'public/robots.txt': 'User-agent: *\n' });
    server = await createDevServer({ root, port: 0, logger });
    await pollUntil(new URL('/api/x', server.url).href, (answer) => answer.status === 500);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('the dev build-error page', () => {
    it.each(targets)('for %s escapes the failure and echoes nothing of the request', async (target) => {
      const page = await rawRequest(Number(new URL(server.url).port), target, { headers: ['accept: text/html'] });
      expect(page.status).toBe(500);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.text).toContain('&#60;svg onload=alert`1`&#62;.ts');
      expect(page.text).toContain('&#39;&#60;/pre&#62;&#60;script&#62;alert(2)&#60;/script&#62;&#39; +);');
      expect(page.text).not.toMatch(/<svg|<script|<\/pre><script|<i>/i);
      expect(page.text).not.toContain(probe);
    });

    it.each(targets)('for %s as JSON escapes markup characters and echoes nothing of the request', async (target) => {
      const answer = await rawRequest(Number(new URL(server.url).port), target);
      expect(answer.status).toBe(500);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.text).not.toMatch(/[<>]/);
      expect(answer.text).not.toContain(probe);
      const failure = JSON.parse(answer.text);
      expect(failure).toMatchObject({ status: 500, code: 'COMPILE', location: expect.stringMatching(/^src\/server\/routes\/api\/<svg onload=alert`1`>\.ts:2:\d+$/) });
      expect(failure.frame).toContain(`'</pre><script>alert(2)</script>' +);`);
    });
  });

  describe('the syntax-error hint', () => {
    it('in dev says a save rebuilds, in the answer and the terminal', async () => {
      const failure = JSON.parse((await rawRequest(Number(new URL(server.url).port), '/api/x')).text);
      expect(failure.hint).toBe('Fix the code at the line shown and save: the dev server rebuilds then.');
      expect(logger.lines).toContain('  hint: Fix the code at the line shown and save: the dev server rebuilds then.');
      expect(logger.lines.join('\n')).not.toContain('nothing was written');
    });

    it('in a build still says nothing was written', async () => {
      const error = await buildSite(root).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PrerenderError);
      expect((error as PrerenderError).hint).toBe('Fix the code at the line shown; nothing was written.');
    });
  });
});
