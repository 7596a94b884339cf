/**
 * apiRoutes() in a real Vite (8, and 7 through the `vite-7` alias): a site with index.html and a
 * vite.config.mjs that imports the package, driven through Vite's own JS API (createServer, build,
 * preview), over real sockets.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';
import * as vite8 from 'vite';
import * as vite7 from 'vite-7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, build } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { repoRoot, route, tempDir } from '../support/helpers.ts';
import { ask, pollUntil, type Answer } from '../support/poll.ts';
import { rawRequest } from '../support/raw-http.ts';
import { copyViteSite, createViteLogger } from '../support/vite-site.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('vite dev (Vite 8)', () => {
  const logger = createViteLogger();
  let root: string;
  let server: vite8.ViteDevServer;
  const url = (path: string) => new URL(path, server.resolvedUrls!.local[0]).href;
  const routeFile = (name: string) => join(root, 'src/server/routes/api', name);
  // While Vite restarts, its address may be unknown (resolvedUrls is null) or refuse: no answer yet.
  const askRestarting = (path: string, init?: RequestInit) => Promise.resolve().then(() => ask(url(path), init)).catch(() => undefined);

  beforeAll(async () => {
    root = copyViteSite();
    server = await vite8.createServer({ root, server: { port: 0, host: '127.0.0.1' }, customLogger: logger });
    await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a route under the prefix with its body and type', async () => {
    const posts = await ask(url('/api/posts.json'));
    expect(posts.status).toBe(200);
    expect(posts.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(posts.body)).toEqual([{ slug: 'first', title: 'First post' }]);
    const hello = await ask(url('/api/hello'));
    expect([hello.status, hello.headers.get('content-type'), hello.body]).toEqual([200, 'text/plain; charset=utf-8', 'Hello from the API']);
    expect((await ask(url('/api/about.txt'))).body).toBe('# About\n');
  });

  it('answers an unknown path under the prefix with 404 from the routes, never the SPA index.html', async () => {
    for (const path of ['/api/nope', '/api', '/api/nope/deeper.html']) {
      const answer = await ask(url(path), { headers: html });
      expect(answer.status, path).toBe(404);
      // Our page listing the routes (a browser asks), not the site's index.html.
      expect(answer.body, path).not.toContain('<h1>Vite site</h1>');
      expect(answer.body, path).toContain(`No route file serves GET ${path}.`);
    }
  });

  it("leaves every other path to Vite: / is the site's index.html, /apis is not under the prefix", async () => {
    const index = await ask(url('/'), { headers: html });
    expect(index.status).toBe(200);
    expect(index.body).toContain('<h1>Vite site</h1>');
    expect(index.body).toContain('/@vite/client');
    const other = await ask(url('/apis/x'), { headers: html });
    expect(other.body).toContain('<h1>Vite site</h1>');
  });

  it('refuses a malformed target that lands under the prefix, as every server of ours does', async () => {
    const port = Number(new URL(server.resolvedUrls!.local[0]).port);
    for (const target of ['/x/../api/hello', '/api/%2e%2e/api/hello', '/api/hel%00lo']) {
      // Vite refuses unknown Host names (DNS rebinding) before any plugin runs.
      expect((await rawRequest(port, target, { host: `127.0.0.1:${port}` })).status, target).toBe(400);
    }
  });

  it('serves an edited route without a restart', async () => {
    writeFileSync(routeFile('hello.ts'), route(`() => 'Hello, edited'`));
    const answer = await pollUntil(url('/api/hello'), (a) => a.body === 'Hello, edited');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers 500 naming the file while a route does not compile, in the response and the terminal, then recovers', async () => {
    writeFileSync(routeFile('hello.ts'), `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => 'oops' +);\n`);
    const broken = await pollUntil(url('/api/hello'), (a) => a.status === 500);
    expect(broken.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(broken.body).location).toMatch(/^src\/server\/routes\/api\/hello\.ts:2:\d+$/);
    expect(logger.lines.some((line) => line.startsWith('[api-prerender] error ') && line.includes('src/server/routes/api/hello.ts'))).toBe(true);
    const page = await ask(url('/api/hello'), { headers: html });
    expect([page.status, page.headers.get('content-type')]).toEqual([500, 'text/html; charset=utf-8']);
    expect(page.body).toContain('src/server/routes/api/hello.ts');
    // With its reason phrase, as our own servers send it (a Response made without one has none).
    const { host, port } = new URL(url('/'));
    expect((await rawRequest(Number(port), '/api/hello', { host })).statusLine).toBe('HTTP/1.1 500 Internal Server Error');

    writeFileSync(routeFile('hello.ts'), route(`() => 'Hello again'`));
    const fixed = await pollUntil(url('/api/hello'), (a) => a.body === 'Hello again');
    expect(fixed.status).toBe(200);
  });

  it('counts the route files without one that was deleted, and bundles none for it', async () => {
    rmSync(routeFile('about.txt.ts'));
    await pollUntil(url('/api/about.txt'), (a) => a.status === 404);
    const rebuilt = logger.lines.filter((line) => line.includes('[api-prerender] rebuilt'));
    expect(rebuilt.at(-1)).toMatch(/^\[api-prerender\] rebuilt the route table of 3 route files \(no route file to bundle again\) in \d+ ms$/);
  });

  it('restarts with the new prefix when prerender.config is saved', async () => {
    const config = join(root, 'prerender.config.mjs');
    writeFileSync(config, readFileSync(config, 'utf8').replace("name: 'vite-site',", "name: 'vite-site',\n  apiPrefix: 'services',"));
    // Vite restarts on a new port: read its address afresh on every try.
    const deadline = Date.now() + 30_000;
    let last: Answer | undefined;
    while (last?.body !== 'Hello again' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await askRestarting('/services/hello');
    }
    expect([last?.status, last?.body]).toEqual([200, 'Hello again']);
    // The old prefix is Vite's again: the SPA page. Asked until it is, as the restart settles.
    let page: Answer | undefined;
    while (!page?.body.includes('<h1>Vite site</h1>') && Date.now() < deadline) {
      page = await askRestarting('/api/hello', { headers: html });
      if (!page?.body.includes('<h1>Vite site</h1>')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(page?.body).toContain('<h1>Vite site</h1>');
  });

  it('says which route files outside the prefix it does not serve, once each, as they are added', async () => {
    const said = () => logger.lines.filter((line) => line.includes('vite dev answers the routes under'));
    expect(said()).toEqual([]);
    writeFileSync(join(root, 'src/server/routes/feed.xml.ts'), route(`() => '<rss/>'`));
    const deadline = Date.now() + 30_000;
    while (said().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(said()).toEqual([
      '[api-prerender] vite dev answers the routes under /services/ only; 1 route file outside it is built by vite build (and prerendered when listed) but not served here: src/server/routes/feed.xml.ts (/feed.xml). Try it with npx prerender dev, or move it into src/server/routes/api/ to serve it under the prefix.',
    ]);
    // Another file added scans the table again: the one said is not said again.
    writeFileSync(routeFile('more.ts'), route(`() => 'more'`));
    await pollUntil(url('/services/more'), (a) => a.body === 'more');
    expect(said()).toHaveLength(1);
    // Vite's own page answers it, as the line says.
    expect((await ask(url('/feed.xml'), { headers: html })).body).toContain('<h1>Vite site</h1>');
  });
});

describe('vite build and vite preview (Vite 8)', () => {
  let root: string;
  let dir: string;
  const logger = createViteLogger();

  beforeAll(async () => {
    root = copyViteSite();
    dir = join(root, 'dist', 'vite-site');
    // Not prerendered: it throws when vite preview serves it.
    writeFileSync(join(root, 'src/server/routes/api/boom.ts'), route(`() => {\n  throw new Error('database offline');\n}`));
    await vite8.build({ root, customLogger: logger });
  });

  it('says nothing of building the site with Vite, which it does', () => {
    expect(logger.lines.filter((line) => line.includes('VITE_SITE') || line.includes('adds apiRoutes()'))).toEqual([]);
  });

  it("writes Vite's client build and the prerendered routes into one public/, with the manifest, _headers and sitemap", () => {
    const pub = join(dir, 'public');
    expect(readFileSync(join(pub, 'api', 'posts.json'), 'utf8')).toBe('[{"slug":"first","title":"First post"}]');
    expect(readFileSync(join(pub, 'api', 'hello'), 'utf8')).toBe('Hello from the API');
    expect(readFileSync(join(pub, 'api', 'about.txt'), 'utf8')).toBe('# About\n');
    expect(readFileSync(join(pub, 'index.html'), 'utf8')).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(readFileSync(join(pub, 'robots.txt'), 'utf8')).toBe('User-agent: *\nSitemap: https://example.com/sitemap.xml\n');
    expect(readFileSync(join(pub, '_headers'), 'utf8')).toContain('/api/hello\n  Content-Type: text/plain; charset=utf-8');
    expect(readFileSync(join(pub, 'sitemap.xml'), 'utf8')).toContain('<loc>https://example.com/api/posts.json</loc>');
    const manifest = JSON.parse(readFileSync(join(dir, 'prerender-manifest.json'), 'utf8'));
    expect(manifest.routes ?? manifest).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ route: '/api/posts.json', file: 'api/posts.json', status: 200 }),
        expect.objectContaining({ route: '/api/hello', file: 'api/hello', contentType: 'text/plain; charset=utf-8' }),
      ]),
    );
    expect(existsSync(join(dir, 'server', 'index.mjs'))).toBe(true);
  });

  it('serves the prerendered files, the other routes under the prefix, and the client under vite preview', async () => {
    const server = await vite8.preview({ root, preview: { port: 0, host: '127.0.0.1' }, customLogger: createViteLogger() });
    try {
      const url = (path: string) => new URL(path, server.resolvedUrls!.local[0]).href;
      const hello = await ask(url('/api/hello'));
      expect([hello.status, hello.headers.get('content-type'), hello.body]).toEqual([200, 'text/plain; charset=utf-8', 'Hello from the API']);
      expect(hello.headers.get('etag')).toBeTruthy();
      // The prerendered file keeps the header its handler set, as prerender preview sends it.
      const posts = await ask(url('/api/posts.json'));
      expect([posts.status, posts.headers.get('cache-control')]).toEqual([200, 'public, max-age=60']);
      const user = await ask(url('/api/users/7'));
      expect([user.status, user.body]).toEqual([200, '{"id":"7"}']);
      const missing = await ask(url('/api/nope'), { headers: html });
      expect(missing.status).toBe(404);
      expect(missing.body).not.toContain('<!doctype html>');
      const index = await ask(url('/'), { headers: html });
      expect([index.status, index.body.includes('<h1>Vite site</h1>')]).toEqual([200, true]);
      // public/ holds _headers for the host, which serves it to nobody: neither does the preview.
      expect(existsSync(join(dir, 'public', '_headers'))).toBe(true);
      for (const path of ['/_headers', '/%5Fheaders', '/_HEADERS']) expect((await ask(url(path))).status, path).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("prints a route's error under vite preview at its place in the route file, as prerender preview does", async () => {
    // Vite's own CLI, in a process of its own: the test process maps stacks its own way.
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'preview', '--port', '0', '--host', '127.0.0.1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      while (!/http:\/\/127\.0\.0\.1:\d+\//.test(output) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
      const base = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)![0];
      expect((await ask(new URL('/api/boom', base).href)).status).toBe(500);
      while (!output.includes('database offline') && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).toMatch(new RegExp(`error GET /api/boom: Error: database offline\\n {4}at .*\\(${join(root, 'src/server/routes/api/boom.ts')}:3:9\\)\\n`));
      expect(output).not.toContain('index.mjs');
    } finally {
      child.kill();
    }
  });

  it('fails vite build when a route fails, and leaves the previous output as it was', async () => {
    const before = readFileSync(join(dir, 'public', 'api', 'posts.json'), 'utf8');
    writeFileSync(join(root, 'src/server/routes/api/posts.json.ts'), route(`() => { throw new Error('database down'); }`));
    const failed = await vite8.build({ root, customLogger: createViteLogger() }).catch((error: Error) => error);
    expect((failed as Error).message).toMatch(/^\[api-prerender\] 1 route failed[\s\S]*\/api\/posts\.json  500[\s\S]*\n {2}hint: /);
    // Vite has no --no-fail-on-error flag: the hint names the config key instead.
    expect((failed as Error).message).toContain('hint: Fix the routes listed, or set prerender.failOnError to false in prerender.config to publish the rest.');
    expect((failed as Error).message).not.toContain('--no-fail-on-error');
    // Vite prints it with util.inspect: that text alone, not what Rollup adds to a hook's error.
    expect(inspect(failed)).toBe((failed as Error).message);
    expect(readFileSync(join(dir, 'public', 'api', 'posts.json'), 'utf8')).toBe(before);
  });
});

describe('vite dev with the plugin given inline', () => {
  it('keeps serving after server.restart(), which reuses the plugin object', async () => {
    const root = copyViteSite('vite-inline-');
    const server = await vite8.createServer({ root, configFile: false, plugins: [apiRoutes()], server: { port: 0, host: '127.0.0.1' }, customLogger: createViteLogger() });
    try {
      await server.listen();
      const url = () => new URL('/api/hello', server.resolvedUrls!.local[0]).href;
      expect((await ask(url())).body).toBe('Hello from the API');
      await server.restart();
      const after = await ask(url());
      expect([after.status, after.body]).toEqual([200, 'Hello from the API']);
    } finally {
      await server.close();
    }
  });
});

describe('Vite config errors', () => {
  it("refuses a build.outDir inside the prerender output before Vite empties it", async () => {
    const root = copyViteSite('vite-outdir-');
    // What an earlier build left, which Vite would empty along with its outDir.
    const posts = join(root, 'dist/vite-site/public/api/posts.json');
    mkdirSync(dirname(posts), { recursive: true });
    writeFileSync(posts, '[]');
    const before = readFileSync(posts, 'utf8');
    const build = vite8.build({ root, build: { outDir: 'dist/vite-site/public' }, customLogger: createViteLogger() });
    await expect(build).rejects.toThrow(/Vite's build.outDir \(.*dist\/vite-site\/public\) and the prerender output \(.*dist\/vite-site\) overlap/);
    // Vite prints it with util.inspect: as the CLI prints it, message and hint, none of our frames or fields.
    const shown = inspect(await build.catch((error: unknown) => error));
    expect(shown).toMatch(/^\[api-prerender\] Vite's build.outDir .* overlap[\s\S]*\n {2}hint: /);
    expect(shown).not.toMatch(/^\s+at |code: |details: /m);
    expect(readFileSync(posts, 'utf8')).toBe(before);
  });

  it('refuses an empty prefix, which would take index.html from Vite', async () => {
    const root = copyViteSite('vite-prefix-');
    writeFileSync(join(root, 'vite.config.mjs'), "import { apiRoutes } from 'api-prerender';\nexport default { plugins: [apiRoutes({ apiPrefix: '/' })] };\n");
    // Refused while Vite resolves its config, before it starts a server that writes .vite/ into the site.
    await expect(vite8.resolveConfig({ root, customLogger: createViteLogger() }, 'serve')).rejects.toThrow(/Config key "apiPrefix" is empty/);
    await expect(vite8.createServer({ root, server: { port: 0 }, customLogger: createViteLogger() })).rejects.toThrow(/Config key "apiPrefix" is empty/);
  });

  it('prints a prerender.config saved broken while vite dev runs with its code frame and hint, and keeps serving', async () => {
    const root = copyViteSite('vite-broken-config-');
    const logger = createViteLogger();
    const server = await vite8.createServer({ root, server: { port: 0, host: '127.0.0.1' }, customLogger: logger });
    try {
      await server.listen();
      const config = join(root, 'prerender.config.mjs');
      writeFileSync(config, readFileSync(config, 'utf8').replace('  },\n};', '  },\n;'));
      const deadline = Date.now() + 30_000;
      while (!logger.lines.includes('server restart failed') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // Vite prints the error's message alone: the message is ours whole, as the CLI prints it.
      const shown = logger.lines.find((line) => line.includes('Could not load config file'));
      expect(shown).toMatch(/Syntax error in prerender\.config\.mjs:\d+:\d+: /);
      expect(shown).toMatch(/^\d+: \s*\},$/m);
      expect(shown).toContain('\n  hint: Fix the code at the line shown');
      expect((await ask(new URL('/api/hello', server.resolvedUrls!.local[0]).href)).body).toBe('Hello from the API');
    } finally {
      await server.close();
    }
  });
});

describe("Vite's base (a site served under /myapp/)", () => {
  it('vite dev answers the routes under the base, as the built site is served', async () => {
    const root = copyViteSite('vite-base-');
    const server = await vite8.createServer({ root, base: '/myapp/', server: { port: 0, host: '127.0.0.1' }, customLogger: createViteLogger() });
    await server.listen();
    try {
      const at = (path: string) => new URL(path, server.resolvedUrls!.local[0]).href;
      const posts = await ask(at('/myapp/api/posts.json'));
      expect([posts.status, JSON.parse(posts.body)]).toEqual([200, [{ slug: 'first', title: 'First post' }]]);
      expect((await ask(at('/myapp/api/nope'))).status).toBe(404);
      // Outside the base, Vite's, as the built site has nothing there.
      expect((await ask(at('/api/posts.json'), { headers: html })).body).not.toContain('First post');
    } finally {
      await server.close();
    }
  });

  it('vite build says to set prerender.sitemap.host under the base, and with it checks the links under it', async () => {
    const root = copyViteSite('vite-base-build-');
    const logger = createViteLogger();
    await vite8.build({ root, base: '/myapp/', customLogger: logger });
    const said = (lines: string[]) => lines.filter((line) => line.includes("Vite's base") || line.includes('Broken link "/myapp/'));
    expect(said(logger.lines)).toEqual([
      "[api-prerender] warning Vite's base is /myapp/, where the site is served, but prerender.sitemap.host (https://example.com) is not under it: the link check reads the app's links to /myapp/... as links outside the site's root, and the sitemap's URLs leave /myapp/ out. Set prerender.sitemap.host to the site's URL with that path (https://example.com/myapp/) in prerender.config.mjs.",
      expect.stringMatching(/^\[api-prerender\] warning Broken link "\/myapp\/assets\/index-[\w-]+\.js" on \/index\.html/),
    ]);
    const config = join(root, 'prerender.config.mjs');
    writeFileSync(config, readFileSync(config, 'utf8').replace("host: 'https://example.com'", "host: 'https://me.github.io/myapp/'"));
    const again = createViteLogger();
    await vite8.build({ root, base: '/myapp/', customLogger: again });
    expect(said(again.lines)).toEqual([]);
    expect(readFileSync(join(root, 'dist/vite-site/public/sitemap.xml'), 'utf8')).toContain('<loc>https://me.github.io/myapp/api/posts.json</loc>');
  });
});

describe('publicDir set in prerender.config, under vite build', () => {
  it("is said to be unread, with Vite's own option to set", async () => {
    const root = copyViteSite('vite-public-dir-');
    const config = join(root, 'prerender.config.mjs');
    writeFileSync(config, readFileSync(config, 'utf8').replace("name: 'vite-site',", "name: 'vite-site',\n  publicDir: 'static',"));
    const logger = createViteLogger();
    await vite8.build({ root, customLogger: logger });
    expect(logger.lines.filter((line) => line.includes('sets publicDir'))).toEqual([
      "[api-prerender] warning prerender.config.mjs sets publicDir (static), which vite build does not read: it publishes Vite's client build in its place, with the files of Vite's own publicDir (public/ unless vite.config sets it). Set publicDir: 'static' in vite.config, or move the files to public/.",
    ]);
  });
});

describe('prerender build of a site built with Vite', () => {
  it("warns that Vite's client build is not in it, naming vite.config and vite build", async () => {
    const root = copyViteSite('vite-without-vite-');
    const report = await build({ root, typecheck: false, logger: createMemoryLogger() });
    expect(report.warnings.filter((warning) => warning.code === 'VITE_SITE').map((warning) => warning.message)).toEqual([
      "vite.config.mjs adds apiRoutes(): this site is built with vite build, which puts Vite's client build (index.html, assets/) in dist/vite-site/public beside the routes. This build publishes the routes and publicDir alone, so dist/vite-site/public holds no app. Run vite build (npx vite build) to publish both.".replaceAll('dist/vite-site/public', join(root, 'dist/vite-site/public')),
    ]);
  });
});

describe('Vite 7', () => {
  it('builds and prerenders, and serves the routes in dev', async () => {
    const root = copyViteSite('vite7-site-');
    await vite7.build({ root, customLogger: createViteLogger() });
    expect(readFileSync(join(root, 'dist', 'vite-site', 'public', 'api', 'posts.json'), 'utf8')).toBe('[{"slug":"first","title":"First post"}]');
    expect(existsSync(join(root, 'dist', 'vite-site', 'public', 'index.html'))).toBe(true);

    // Vite 7 reads port 0 as "the default": it then probes upwards from 5173 by binding, so no race.
    const server = await vite7.createServer({ root, server: { port: 0, host: '127.0.0.1' }, customLogger: createViteLogger() });
    try {
      await server.listen();
      const { port } = server.httpServer!.address() as AddressInfo;
      const posts = await ask(`http://127.0.0.1:${port}/api/posts.json`);
      expect([posts.status, posts.body]).toEqual([200, '[{"slug":"first","title":"First post"}]']);
      const missing = await ask(`http://127.0.0.1:${port}/api/nope`, { headers: html });
      expect(missing.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('vite dev stopped with Ctrl-C', () => {
  it('removes its build folder from the temporary folder, and ends by the signal', async () => {
    const root = copyViteSite('vite-dev-interrupt-');
    const tmp = tempDir('tmp-');
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', '0', '--host', '127.0.0.1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('close', (code, signal) => resolve(signal ?? code)));
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(output) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
    const base = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)![0];
    // A route answered: its build folder is in the temporary folder.
    await pollUntil(`${base}api/posts.json`, (answer) => answer.status === 200);
    expect(readdirSync(tmp).filter((name) => name.startsWith('prerender-vite-'))).toHaveLength(1);
    child.kill('SIGINT');
    expect(await exited, output).toBe('SIGINT');
    expect(readdirSync(tmp).filter((name) => name.startsWith('prerender-vite-'))).toEqual([]);
  }, 60_000);
});

describe('vite build stopped with Ctrl-C', () => {
  it('removes its staging folder and lock, says so, and ends by the signal, as prerender build does', async () => {
    const root = copyViteSite('vite-interrupt-');
    const started = join(root, 'started');
    // A route that says it runs, then waits: the signal comes while the routes are rendered.
    writeFileSync(join(root, 'src/server/routes/api/slow.json.ts'), route(`async () => { (await import('node:fs')).writeFileSync(${JSON.stringify(started)}, ''); return new Promise(() => {}); }`));
    writeFileSync(join(root, 'prerender.config.mjs'), `export default { name: 'vite-site', prerender: { routes: ['/api/slow.json'], timeout: 60000 } };\n`);
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('close', (code, signal) => resolve(signal ?? code)));
    while (!existsSync(started) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    expect(await exited, output).toBe('SIGINT');
    expect(output).toContain('SIGINT: stopping the build and removing what it made');
    expect(output).toContain('[api-prerender] error Build interrupted (SIGINT): nothing was published');
    expect(readdirSync(join(root, 'dist')).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(existsSync(join(root, 'dist', 'vite-site'))).toBe(false);
  }, 60_000);

  it('once its output is complete: too late, said so, the output published, and ends by the signal', async () => {
    const root = copyViteSite('vite-late-');
    // The signal sent as the build says its output is complete (its step channel), as a CI job cancelled then.
    const preload = join(tempDir('preload-'), 'signal-on-output.mjs');
    writeFileSync(preload, `import { subscribe } from 'node:diagnostics_channel';\nsubscribe('api-prerender:build-step', (step) => { if (step.done === 'output') process.kill(process.pid, 'SIGTERM'); });\n`);
    const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = await new Promise<NodeJS.Signals | number | null>((resolve) => child.on('close', (code, signal) => resolve(signal ?? code)));
    expect(exited, output).toBe('SIGTERM');
    expect(output).toContain('SIGTERM came too late to stop the build: its output is being published, and stays.');
    expect(output).not.toContain('stopping the build');
    expect(readdirSync(join(root, 'dist', 'vite-site', 'public', 'api')).length).toBeGreaterThan(0);
    expect(readdirSync(join(root, 'dist')).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 60_000);
});
