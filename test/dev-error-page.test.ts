/**
 * The dev server's build-error answer (HTML page and JSON) on a site whose broken route file has
 * markup in its name and its source: every field escaped, nothing of the request echoed, and the
 * hint worded for dev.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, PrerenderError, type RunningServer } from '../src/index.ts';
import { createMemoryLogger } from '../src/log.ts';
import { buildSite, writeSite } from './support/helpers.ts';
import { rawRequest } from './support/raw-http.ts';
import { pollUntil } from './support/poll.ts';

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
