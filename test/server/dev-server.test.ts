/**
 * createDevServer (src/server/dev-server.ts) on sites that start broken, or without a routes folder,
 * whose modules break the first build or throw while loading, whose clients go away; its port checks,
 * and close() safe twice. The journey on sample-site and through the bin:
 * test/scenarios/develop-with-dev.test.ts.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevServer, PrerenderError } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';

describe('dev server, other sites', () => {
  it('starts with broken code, answers 500, and recovers', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': `export default defineEventHandler(() => 'a' +);` });
    const server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const broken = await pollUntil(new URL('/api/a', server.url).href, (a) => a.status === 500);
      expect(JSON.parse(broken.body).code).toBe('COMPILE');
      writeFileSync(join(root, 'src/server/routes/api/a.ts'), route(`() => 'a fixed'`));
      await pollUntil(new URL('/api/a', server.url).href, (a) => a.body === 'a fixed');
    } finally {
      await server.close();
    }
  });

  it('a browser asking a path no route serves (/ among them) gets a 404 page listing the routes; a client of the API gets JSON', async () => {
    const root = writeSite({
      'src/server/routes/api/hello.ts': route(`() => 'hi'`),
      'src/server/routes/api/users/[id].get.ts': route(`() => 'user'`),
      'src/server/routes/api/users.post.ts': route(`() => 'made'`),
      'src/server/routes/feed<x>.xml.ts': route(`() => 'feed'`),
    });
    const server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
      const page = await ask(new URL('/', server.url).href, html);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>No route for /</h1>');
      expect(page.body).toContain('<p>No route file serves GET /. The routes of src/server/routes:</p>');
      expect(page.body).toContain('<tr><td>*</td><td><a href="/api/hello">/api/hello</a></td><td>src/server/routes/api/hello.ts</td></tr>');
      expect(page.body).toContain('<tr><td>GET</td><td>/api/users/:id</td><td>src/server/routes/api/users/[id].get.ts</td></tr>');
      expect(page.body).toContain('<tr><td>POST</td><td>/api/users</td><td>src/server/routes/api/users.post.ts</td></tr>');
      // Every name escaped: a file name cannot become markup.
      expect(page.body).toContain('<a href="/feed&#60;x&#62;.xml">/feed&#60;x&#62;.xml</a>');
      expect((await ask(new URL('/api/nope', server.url).href, html)).body).toContain('No route file serves GET /api/nope.');
      // A route's own 404, and API clients, are answered as the route and h3 answer.
      const json = await ask(new URL('/', server.url).href);
      expect([json.status, JSON.parse(json.body).message]).toEqual([404, expect.stringContaining('Cannot find any route matching')]);
      expect((await ask(new URL('/api/hello', server.url).href, html)).body).toBe('hi');
    } finally {
      await server.close();
    }
  });

  it('sends an HTML page asked for without its slash to its folder (301), as preview and static hosts do', async () => {
    const root = writeSite({
      'src/server/routes/docs.ts': route(`(event) => { event.res.headers.set('content-type', 'text/html; charset=utf-8'); return '<a href="intro">Intro</a>'; }`),
      'src/server/routes/docs/intro.ts': route(`(event) => { event.res.headers.set('content-type', 'text/html; charset=utf-8'); return '<h1>Intro</h1>'; }`),
      'src/server/routes/api/users/[id].ts': route(`() => ({ id: 1 })`),
      'src/server/routes/feed.xml.ts': route(`(event) => { event.res.headers.set('content-type', 'application/xml'); return '<rss/>'; }`),
    });
    const server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const moved = await ask(new URL('/docs?lang=en', server.url).href, { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location'), moved.headers.get('cache-control'), moved.body]).toEqual([301, '/docs/?lang=en', 'no-store', '']);
      const head = await ask(new URL('/docs/intro', server.url).href, { method: 'HEAD', redirect: 'manual' });
      expect([head.status, head.headers.get('location')]).toEqual([301, '/docs/intro/']);
      const page = await ask(new URL('/docs/', server.url).href, { redirect: 'manual' });
      expect([page.status, page.body]).toEqual([200, '<a href="intro">Intro</a>']);
      // Written as files of their own (api/users/1, feed.xml): served where they are asked for.
      expect((await ask(new URL('/api/users/1', server.url).href, { redirect: 'manual' })).status).toBe(200);
      expect((await ask(new URL('/feed.xml', server.url).href, { redirect: 'manual' })).body).toBe('<rss/>');
      const post = await ask(new URL('/docs', server.url).href, { method: 'POST', redirect: 'manual' });
      expect(post.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('says once that a publicDir file is served where a route file answers too, which the build refuses', async () => {
    const root = writeSite({
      'src/server/routes/api/posts.json.ts': route(`() => ['fresh']`),
      'public/api/posts.json': '["stale"]',
      'public/robots.txt': 'User-agent: *',
    });
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    try {
      expect((await ask(new URL('/api/posts.json', server.url).href)).body).toBe('["stale"]');
      expect((await ask(new URL('/api/posts.json', server.url).href)).body).toBe('["stale"]');
      expect((await ask(new URL('/robots.txt', server.url).href)).body).toBe('User-agent: *');
      const said = `warning ${join(root, 'public/api/posts.json')} is served at /api/posts.json, where ${join(root, 'src/server/routes/api/posts.json.ts')} answers too: dev serves the file, and prerender build fails on the pair (both write one file). Remove the file, or move the route to another path.`;
      await expect.poll(() => logger.lines.filter((line) => line.includes('is served at'))).toEqual([said]);
    } finally {
      await server.close();
    }
  });

  it('says what the build says of route files: one no GET reaches (once), one put where Nitro reads routes', async () => {
    const root = writeSite({
      'src/server/routes/api/posts.json.ts': route(`() => ({ shadow: true })`),
      'src/server/routes/api/posts.json.get.ts': route(`() => ({ posts: [] })`),
      'server/api/hello.ts': route(`() => 'hi'`),
    });
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    try {
      expect(await ask(new URL('/api/posts.json', server.url).href)).toMatchObject({ status: 200, body: '{"posts":[]}' });
      const moveIt = 'server/api/hello.ts would serve it, but route files are read from src/server/routes: move it to src/server/routes/api/hello.ts.';
      const json = await ask(new URL('/api/hello', server.url).href);
      expect([json.status, JSON.parse(json.body).message]).toEqual([404, `No route file serves GET /api/hello. ${moveIt}`]);
      const page = await ask(new URL('/api/hello', server.url).href, { headers: { accept: 'text/html' } });
      expect([page.status, page.body]).toEqual([404, expect.stringContaining(`<p>No route file serves GET /api/hello. ${moveIt} The routes of src/server/routes:</p>`)]);
      // Saved again, the route table is scanned again: the warning is not said twice.
      writeFileSync(join(root, 'src/server/routes/api/new.ts'), route(`() => 'new'`));
      await pollUntil(new URL('/api/new', server.url).href, (answer) => answer.body === 'new');
      expect(logger.lines.filter((line) => line.includes('never answers GET or HEAD'))).toEqual([
        expect.stringContaining('Route file src/server/routes/api/posts.json.ts never answers GET or HEAD: src/server/routes/api/posts.json.get.ts answers both for /api/posts.json'),
      ]);
    } finally {
      await server.close();
    }
  });

  it('waits for a routes folder that does not exist yet, saying so, and serves it once it is made', async () => {
    const root = writeSite({ 'package.json': '{"name":"later"}' });
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    try {
      const waiting = await pollUntil(new URL('/api/later', server.url).href, (a) => a.status === 500);
      expect(JSON.parse(waiting.body)).toMatchObject({ code: 'CONFIG', message: `No routes folder at ${join(root, 'src/server/routes')} (config key "routesDir"), nor one with route files near it.` });
      // The folder as the user can open it from where the server runs: here, elsewhere than the site.
      expect(logger.lines).toContain(`waiting for the routes folder ${join(root, 'src/server/routes')} to be created`);
      writeSite({ 'src/server/routes/api/later.ts': route(`() => 'made later'`) }, root);
      const answer = await pollUntil(new URL('/api/later', server.url).href, (a) => a.body === 'made later');
      expect(answer.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('recovers from a broken module outside the routes folder that broke the first build', async () => {
    const root = writeSite({
      'src/server/routes/api/a.ts': `import { defineEventHandler } from 'h3';\nimport { word } from '../../../lib/word';\nexport default defineEventHandler(() => word);\n`,
      'src/lib/word.ts': `export const word: string = 'broken' +;\n`,
    });
    const server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const broken = await pollUntil(new URL('/api/a', server.url).href, (a) => a.status === 500);
      expect(JSON.parse(broken.body).location).toMatch(/^src\/lib\/word\.ts:1:\d+$/);
      writeFileSync(join(root, 'src/lib/word.ts'), `export const word: string = 'mended';\n`);
      await pollUntil(new URL('/api/a', server.url).href, (a) => a.body === 'mended');
    } finally {
      await server.close();
    }
  });

  it('shows a route module that throws while loading, with its stack, and recovers', async () => {
    const root = writeSite({
      'src/server/routes/api/a.ts': `import { defineEventHandler } from 'h3';\nconst settings = JSON.parse('{}').missing.deep;\nexport default defineEventHandler(() => settings);\n`,
    });
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    try {
      const broken = await pollUntil(new URL('/api/a', server.url).href, (a) => a.status === 500);
      const failure = JSON.parse(broken.body);
      expect(failure).toMatchObject({ code: 'MODULE_IMPORT', message: "A route module threw while it was loaded, at src/server/routes/api/a.ts:2: Cannot read properties of undefined (reading 'deep')" });
      expect(failure.stack).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'deep'\)\n\s+at /);
      expect(logger.lines).toContainEqual(expect.stringContaining('error A route module threw while it was loaded'));
      writeFileSync(join(root, 'src/server/routes/api/a.ts'), route(`() => 'loads now'`));
      await pollUntil(new URL('/api/a', server.url).href, (a) => a.body === 'loads now');
    } finally {
      await server.close();
    }
  });

  it('names the circle of imports when a route module reads a name another has not set yet, and forgets it once untied', async () => {
    const root = writeSite({
      'src/lib/a.ts': `import { b } from './b.ts';\nexport const a = 'A' + b;\n`,
      'src/lib/b.ts': `import { a } from './a.ts';\nexport const b = 'B';\nexport const both = a + b;\n`,
      'src/server/routes/api/both.ts': `import { defineEventHandler } from 'h3';\nimport { both } from '../../../lib/b.ts';\nexport default defineEventHandler(() => both);\n`,
    });
    const server = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const broken = JSON.parse((await pollUntil(new URL('/api/both', server.url).href, (a) => a.status === 500)).body);
      expect(broken.message).toBe("A route module threw while it was loaded, at src/lib/a.ts:2: Cannot access 'b' before initialization");
      expect(broken.hint).toMatch(/^These modules import each other in a circle: src\/lib\/b\.ts -> src\/lib\/a\.ts -> src\/lib\/b\.ts\./);
      // Untied, and then another ReferenceError in a.ts: no circle is named for it.
      writeFileSync(join(root, 'src/lib/a.ts'), `export const a = 'A' + missingName;\n`);
      const other = JSON.parse((await pollUntil(new URL('/api/both', server.url).href, (a) => a.status === 500 && a.body.includes('missingName'))).body);
      expect(other.hint).not.toContain('circle');
    } finally {
      await server.close();
    }
  });

  it('logs a request whose client went away as 499, not as an error, and goes on serving', async () => {
    const entered = join(tempDir('entered-'), 'entered');
    const slow = `() => { writeFileSync(${JSON.stringify(entered)}, ''); return new Promise((resolve) => setTimeout(() => resolve('late'), 300)); }`;
    const root = writeSite({ 'src/server/routes/api/slow.ts': `import { writeFileSync } from 'node:fs';\n${route(slow)}` });
    const logger = createMemoryLogger();
    const server = await createDevServer({ root, port: 0, logger });
    const url = new URL('/api/slow', server.url).href;
    try {
      expect((await ask(url)).body).toBe('late');
      rmSync(entered);
      const client = new AbortController();
      const gone = fetch(url, { signal: client.signal }).catch((error: Error) => error.name);
      // Aborted once its handler runs.
      await expect.poll(() => existsSync(entered), { timeout: 10_000 }).toBe(true);
      client.abort();
      expect(await gone).toBe('AbortError');
      await expect.poll(() => logger.lines.find((line) => line.startsWith('GET /api/slow 499 ')), { timeout: 10_000 }).toBeTruthy();
      expect((await ask(url)).body).toBe('late');
      expect(logger.lines.filter((line) => line.startsWith('error '))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('says which port is taken, and close() is safe twice', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': route(`() => 'a'`) });
    const first = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    const port = Number(new URL(first.url).port);
    try {
      const second = createDevServer({ root, port, logger: createMemoryLogger() });
      await expect(second).rejects.toBeInstanceOf(PrerenderError);
      await expect(second).rejects.toMatchObject({ code: 'SERVER', message: `Port ${port} on 127.0.0.1 is already in use.`, hint: expect.stringContaining('--port') });
    } finally {
      await first.close();
      await first.close();
    }
    await expect(ask(first.url)).rejects.toThrow();
  });

  it('refuses a port that is no port', async () => {
    await expect(createDevServer({ root: writeSite({}), port: 70000 })).rejects.toMatchObject({ code: 'USAGE', message: 'option "port" of createDevServer() must be a whole number from 0 to 65535, got 70000.' });
  });
});
