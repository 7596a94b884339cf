/**
 * Developing with `prerender dev`: `createDevServer` and the real bin over real sockets on sample-site,
 * every endpoint, an edit or a new route served without a restart, broken code shown and recovered
 * from, a config change restarting the build, Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer, type RunningServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { startBinServer } from '../support/bin-server.ts';
import { binPath, route, writeSite } from '../support/helpers.ts';
import { ask, pollUntil } from '../support/poll.ts';
import { copySampleSite } from '../support/sample-copy.ts';
import { mediaType, sampleEndpoints } from '../support/sample-endpoints.ts';

describe('dev server on sample-site', () => {
  const logger = createMemoryLogger();
  let root: string;
  let server: RunningServer;
  const url = (path: string) => new URL(path, server.url).href;
  const routeFile = (path: string) => join(root, 'src/server/routes', path);

  beforeAll(async () => {
    root = copySampleSite('dev-sample-');
    server = await createDevServer({ root, port: 0, logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('binds 127.0.0.1 unless told otherwise', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it.each(sampleEndpoints.map((endpoint) => [`${endpoint.init?.method ?? 'GET'} ${endpoint.path}`, endpoint] as const))('answers %s like the seed says', async (_name, endpoint) => {
    const answer = await ask(url(endpoint.path), endpoint.init);
    expect(answer.status).toBe(endpoint.status);
    expect(mediaType(answer.headers.get('content-type'))).toBe(endpoint.type);
    const body = endpoint.devBody ?? endpoint.body;
    if (typeof body === 'string') expect(answer.body).toBe(body);
    else expect(body(answer.body), answer.body).toBe(true);
  });

  it('sets the cookie the cookie route counts', async () => {
    const answer = await ask(url('/api/v1/cookie'), { headers: { cookie: 'visits=41' } });
    expect(answer.headers.get('set-cookie')).toMatch(/^visits=42; Path=\/; HttpOnly; SameSite=Lax$/i);
  });

  it('prints one line per request: method, path, status, milliseconds', async () => {
    await ask(url('/api/v1/users/7'));
    await ask(url('/api/v1/abc'));
    expect(logger.lines).toContainEqual(expect.stringMatching(/^GET \/api\/v1\/users\/7 200 \d+ms$/));
    expect(logger.lines).toContainEqual(expect.stringMatching(/^GET \/api\/v1\/abc 400 \d+ms$/));
  });

  it("warns once, as the build does, of a handler's result h3 sends otherwise than meant (a Map as \"[object Map]\")", async () => {
    writeFileSync(routeFile('api/tags.json.ts'), route("() => new Map([['a', 1]])"));
    await pollUntil(url('/api/tags.json'), (a) => a.status === 200 && a.body === '[object Map]');
    await ask(url('/api/tags.json'));
    const warning =
      'warning src/server/routes/api/tags.json.ts: the handler of /api/tags.json returned a Map, which h3 sends as the text "[object Map]": return Object.fromEntries(map) to send it as a JSON object.';
    await pollUntil(url('/api/v1/hello'), () => logger.lines.includes(warning));
    expect(logger.lines.filter((line) => line === warning)).toHaveLength(1);
    rmSync(routeFile('api/tags.json.ts'));
  });

  it('serves an edited route without a restart', async () => {
    writeFileSync(routeFile('api/v1/hello.ts'), route(`() => 'Hello, edited'`));
    const answer = await pollUntil(url('/api/v1/hello'), (a) => a.body === 'Hello, edited');
    expect(answer.status).toBe(200);
  });

  it('serves a new route file, then forgets it when the file is removed', async () => {
    const file = routeFile('api/v1/fresh/[name].ts');
    expect((await ask(url('/api/v1/fresh/x'))).body).toBe('Default API route');

    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, route(`(event) => 'fresh ' + getRouterParam(event, 'name')`, 'defineEventHandler, getRouterParam'));
    await pollUntil(url('/api/v1/fresh/x'), (a) => a.body === 'fresh x');

    rmSync(file);
    await pollUntil(url('/api/v1/fresh/x'), (a) => a.body === 'Default API route');
  });

  it("shows a syntax error in the terminal and in the broken route's answer, serves the others, then recovers when it is fixed", async () => {
    const file = routeFile('api/v1/query.ts');
    writeFileSync(file, `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => '<b>' +);\n`);

    const broken = await pollUntil(url('/api/v1/query'), (a) => a.status === 500);
    expect(mediaType(broken.headers.get('content-type'))).toBe('application/json');
    const failure = JSON.parse(broken.body);
    expect(failure).toMatchObject({ status: 500, code: 'COMPILE', location: expect.stringMatching(/^src\/server\/routes\/api\/v1\/query\.ts:2:\d+$/) });
    expect(failure.frame).toContain(`'<b>' +);`);
    // Only the routes of what the failed build was to bundle show it; the others answer from the last build.
    expect(await ask(url('/api/v1/users/1'))).toMatchObject({ status: 200 });

    const page = await ask(url('/api/v1/query'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(500);
    expect(mediaType(page.headers.get('content-type'))).toBe('text/html');
    expect(page.body).toContain('src/server/routes/api/v1/query.ts:2:');
    expect(page.body).toContain('&#39;&#60;b&#62;&#39; +);');
    expect(page.body).not.toContain('<b>');

    expect(logger.lines).toContainEqual(expect.stringMatching(/^error Syntax error in src\/server\/routes\/api\/v1\/query\.ts:2:\d+/));
    expect(logger.lines).toContainEqual(expect.stringContaining(`'<b>' +);`));

    writeFileSync(file, route(`() => 'query fixed'`));
    const fixed = await pollUntil(url('/api/v1/query'), (a) => a.status === 200);
    expect(fixed.body).toBe('query fixed');
    expect((await ask(url('/api/v1/users/1'))).body).toBe('User profile of 1');
  });

  it('keeps serving publicDir files while the routes are broken', async () => {
    writeFileSync(routeFile('api/v1/query.ts'), `export default ;`);
    await pollUntil(url('/api/v1/query'), (a) => a.status === 500);
    expect((await ask(url('/robots.txt'))).status).toBe(200);
    writeFileSync(routeFile('api/v1/query.ts'), route(`() => 'query fixed again'`));
    await pollUntil(url('/api/v1/query'), (a) => a.body === 'query fixed again');
  });

  it('names a route file without a default export, serving the others meanwhile, and recovers', async () => {
    const file = routeFile('api/v1/hello.ts');
    writeFileSync(file, `export const handler = () => 'no default';\n`);
    const broken = await pollUntil(url('/api/v1/hello'), (a) => a.status === 500);
    expect(JSON.parse(broken.body).message).toContain('src/server/routes/api/v1/hello.ts');
    expect(JSON.parse(broken.body).hint).toMatch(/^It exports `handler` by name: if that is the handler, make it the default export/);
    expect((await ask(url('/api/v1/users/7'))).status).toBe(200);
    writeFileSync(file, route(`() => 'default again'`));
    await pollUntil(url('/api/v1/hello'), (a) => a.body === 'default again');
  });
});

describe('prerender dev (the real bin)', () => {
  it('serves, logs each request, and exits 0 on Ctrl-C', async () => {
    const root = writeSite({ 'src/server/routes/api/a.ts': route(`() => 'from the bin'`) });
    const dev = await startBinServer('dev', root);
    try {
      const answer = await pollUntil(`${dev.url}/api/a`, (a) => a.status === 200);
      expect(answer.body).toBe('from the bin');
      await dev.waitForStderr(/GET \/api\/a 200 \d+ms/);
    } finally {
      expect(await dev.stop('SIGINT')).toBe(0);
    }
  });

  it('serves a route whose package was missing once it is installed, without a save, as npm install writes it', async () => {
    const root = writeSite({ 'src/server/routes/api/word.txt.ts': `import word from 'late-package';\n${route('() => word')}` });
    mkdirSync(join(root, 'node_modules'));
    const dev = await startBinServer('dev', root);
    try {
      const missing = await pollUntil(`${dev.url}/api/word.txt`, (a) => a.status === 500);
      expect(JSON.parse(missing.body).hint).toBe('Install the package in the site (npm install late-package), or fix the import.');
      // The package's files, then npm's record of the install, last.
      mkdirSync(join(root, 'node_modules', 'late-package'), { recursive: true });
      writeFileSync(join(root, 'node_modules', 'late-package', 'package.json'), JSON.stringify({ name: 'late-package', main: 'main.js' }));
      writeFileSync(join(root, 'node_modules', 'late-package', 'main.js'), "export default 'installed while dev ran';\n");
      writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}\n');
      await pollUntil(`${dev.url}/api/word.txt`, (a) => a.body === 'installed while dev ran');
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });

  it('restarts the build when the config file changes', async () => {
    const root = writeSite({
      'src/server/routes/api/where.ts': route(`() => 'here'`),
      'prerender.config.mjs': `export default { apiPrefix: 'one' };\n`,
    });
    const dev = await startBinServer('dev', root);
    try {
      await pollUntil(`${dev.url}/one/where`, (a) => a.body === 'here');
      writeFileSync(join(root, 'prerender.config.mjs'), `export default { apiPrefix: 'two' };\n`);
      await pollUntil(`${dev.url}/two/where`, (a) => a.body === 'here');
      expect((await ask(`${dev.url}/one/where`)).status).toBe(404);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });

  it('answers a request in flight when the config is saved, from the build it started on', async () => {
    const root = writeSite({
      'src/server/routes/api/slow.ts': route(`async () => { await new Promise((resolve) => setTimeout(resolve, 1500)); return 'slow but whole'; }`),
      'prerender.config.mjs': `export default { apiPrefix: 'api' };\n`,
    });
    const dev = await startBinServer('dev', root);
    try {
      await pollUntil(`${dev.url}/api/slow`, (a) => a.status === 200);
      const slow = ask(`${dev.url}/api/slow`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(join(root, 'prerender.config.mjs'), `export default { apiPrefix: 'api' }; // saved\n`);
      await dev.waitForStderr('config changed: restarting the build');
      // Before, the old build's thread was ended under it: a bare 500 and the thread's stack in the log.
      const answer = await slow;
      expect([answer.status, answer.body]).toEqual([200, 'slow but whole']);
      await pollUntil(`${dev.url}/api/slow`, (a) => a.status === 200);
      expect(dev.stderr()).not.toMatch(/worker thread stopped/);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });

  it('answers the route file whose top-level await never settles with that, within prerender.timeout, serves the others, and Ctrl-C ends it', async () => {
    const stuck = `import { defineEventHandler } from 'h3';\nawait new Promise(() => {});\nexport default defineEventHandler(() => 'never');\n`;
    const root = writeSite({
      'src/server/routes/api/ok.ts': route(`() => 'ok'`),
      'src/server/routes/api/stuck.ts': stuck,
      'prerender.config.mjs': `export default { prerender: { timeout: 1000 } };\n`,
    });
    const dev = await startBinServer('dev', root);
    try {
      const ok = await ask(`${dev.url}/api/ok`);
      expect([ok.status, ok.body]).toEqual([200, 'ok']);
      const answer = await ask(`${dev.url}/api/stuck`);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'MODULE_IMPORT',
        message: expect.stringMatching(/^Route file src\/server\/routes\/api\/stuck\.ts did not finish loading within 1000 ms \(prerender\.timeout\): /),
      });
      await dev.waitForStderr('error Route file src/server/routes/api/stuck.ts did not finish loading within 1000 ms');
    } finally {
      expect(await dev.stop('SIGINT')).toBe(0);
    }
  });

  it('answers a handler whose promise never settles at prerender.timeout, naming its file, and serves the others meanwhile', async () => {
    const root = writeSite({
      'src/server/routes/api/ok.ts': route(`() => 'ok'`),
      'src/server/routes/api/hang.ts': route(`() => new Promise(() => {})`),
      'prerender.config.mjs': `export default { prerender: { timeout: 1000 } };\n`,
    });
    const dev = await startBinServer('dev', root);
    try {
      const hanging = ask(`${dev.url}/api/hang`);
      expect((await ask(`${dev.url}/api/ok`)).body).toBe('ok');
      const answer = await hanging;
      const message = "Route file src/server/routes/api/hang.ts did not answer within 1000 ms (prerender.timeout), as a build's route would fail: its handler is still waiting (on a promise that never settles, or on work that takes longer). Give what it waits for a time limit (a request with no timeout of its own, a callback never called), or raise prerender.timeout if the route takes longer.";
      expect([answer.status, JSON.parse(answer.body)]).toEqual([500, { status: 500, unhandled: true, message }]);
      await dev.waitForStderr(`error GET /api/hang: ${message}\n`);
    } finally {
      expect(await dev.stop('SIGINT')).toBe(0);
    }
  });

  it('ends at once on Ctrl-C while a route module is still loading (a top-level await within a long prerender.timeout)', async () => {
    const root = writeSite({
      'src/server/routes/api/stuck.ts': `import { defineEventHandler } from 'h3';\nawait new Promise(() => { setInterval(() => {}, 1000); });\nexport default defineEventHandler(() => 'never');\n`,
      'prerender.config.mjs': `export default { prerender: { timeout: 60000 } };\n`,
    });
    const dev = await startBinServer('dev', root);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Before, the close waited for the module until the shutdown's 10 s ran out (exit 1).
    const code = await Promise.race([dev.stop('SIGINT'), new Promise<string>((resolve) => setTimeout(() => resolve('still running after 8 s'), 8000))]);
    if (code === 'still running after 8 s') await dev.stop('SIGKILL');
    expect(code, dev.stderr()).toBe(0);
  });

  it('serves every edit after one saved by replacing the file (vim, sed -i, an IDE\'s safe write)', async () => {
    const root = writeSite({ 'src/server/routes/api/hello.ts': route(`() => 'first'`) });
    const file = join(root, 'src/server/routes/api/hello.ts');
    const dev = await startBinServer('dev', root);
    const replace = (path: string, body: string) => {
      writeFileSync(`${path}.tmp`, route(`() => '${body}'`));
      renameSync(`${path}.tmp`, path);
    };
    try {
      await pollUntil(`${dev.url}/api/hello`, (a) => a.body === 'first');
      replace(file, 'replaced');
      await pollUntil(`${dev.url}/api/hello`, (a) => a.body === 'replaced');
      // On Linux, Node 20 and 22's recursive watch lost a file replaced so: no later save was seen.
      writeFileSync(file, route(`() => 'then written'`));
      await pollUntil(`${dev.url}/api/hello`, (a) => a.body === 'then written', undefined, 5000);
      // And in a folder made after the start.
      const nested = join(root, 'src/server/routes/api/later/deep.ts');
      mkdirSync(dirname(nested), { recursive: true });
      replace(nested, 'deep 1');
      await pollUntil(`${dev.url}/api/later/deep`, (a) => a.body === 'deep 1');
      writeFileSync(nested, route(`() => 'deep 2'`));
      await pollUntil(`${dev.url}/api/later/deep`, (a) => a.body === 'deep 2', undefined, 5000);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });

  it('exits 1 naming the port when it is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const child = spawn(process.execPath, [binPath, 'dev', writeSite({}), '--port', String(port)], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`error Port ${port} on 127.0.0.1 is already in use.`);
      expect(stderr).toContain(`--port ${port + 1}`);
    } finally {
      blocker.close();
    }
  });
});
