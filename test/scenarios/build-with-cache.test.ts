/**
 * Building a site again with the cache (SPEC section 8), as a user does: one input changed at a time
 * (a data module, a file read through `new URL`, a variable, a source's `cacheKey`, the config), the
 * routes whose handlers ran (each notes its runs in a file), the reasons the report gives, and the
 * output, byte for byte the output of a clean build of the same inputs.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storedBodyPath } from '../../src/cache/body-store.ts';
import type { BuildReport } from '../../src/index.ts';
import { buildSite, repoRoot, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { pageRows, readPageData } from '../support/report-page-data.ts';
import { installedSite, prerender } from '../support/installed-site.ts';
import { cacheSiteRoutes, expectCleanOutput, greetingVariable, inode, notingRoute, startSource, takeRuns, writeCacheSite } from '../support/cache-site.ts';

let source: Awaited<ReturnType<typeof startSource>>;
beforeAll(async () => void (source = await startSource()));
afterAll(() => source.close());
afterEach(() => void delete process.env[greetingVariable]);

/** A site built once (every route new), its runs taken. */
async function builtSite() {
  const runs = join(tempDir('runs-'), 'runs.log');
  const root = writeCacheSite(runs, source.url);
  const first = await buildSite(root);
  expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
  return { runs, root, first, cacheDir: join(root, 'node_modules/.cache/api-prerender/cached/build') };
}

/** The routes that reach what cannot be hashed render every build: the environment, the network without cacheKey. */
const always = ['/api/env.txt', '/api/live.json'];
const alwaysRendered = [
  { route: '/api/env.txt', reason: 'env' },
  { route: '/api/live.json', reason: 'network' },
];

describe('a build with the cache', () => {
  it('reuses every route when nothing changed: the bundle linked in, no handler run but those reaching the environment or the network', async () => {
    const { runs, root, first } = await builtSite();
    expect(first.report.reused).toBe(0);
    expect(first.report.rendered).toEqual(cacheSiteRoutes.map((route) => ({ route, reason: 'new' })));

    const again = await buildSite(root);
    expect(takeRuns(runs)).toEqual(always);
    expect(again.report).toMatchObject({ ok: 10, reused: 8, rendered: alwaysRendered, warnings: [] });
    expect(again.logger.lines).toContain(`reused the bundle of 8 route files (the output's server/index.mjs): none of its inputs changed`);
    expect(again.logger.lines).toContain('cache: 8 routes reused, 2 rendered (1 env: /api/env.txt; 1 network: /api/live.json)');
    // The report page says the same, row by row.
    const rows = pageRows(readPageData(readFileSync(join(again.dir, 'report.html'), 'utf8')));
    expect(rows.filter((row) => row.rendered !== 'reused').map(({ route, rendered }) => ({ route, reason: rendered }))).toEqual(alwaysRendered);
    expect(rows.find((row) => row.route === '/api/version.txt')).toMatchObject({ rendered: 'reused', status: 200 });
    await expectCleanOutput(root, again.dir, runs);
    // The output and the cache share one file: no second copy of the site.
    expect(inode(join(again.dir, 'public/api/version.txt'))).toBe(inode(join(first.dir, 'public/api/version.txt')));
  });

  it('reuses the bundle when a file no import resolves to is added beside the modules: notes, a log', async () => {
    const { runs, root } = await builtSite();
    writeFileSync(join(root, 'NOTES.md'), 'todo\n');
    writeFileSync(join(root, 'build.log'), '');
    writeFileSync(join(root, 'src/lib/posts.md'), '# Posts\n');
    const again = await buildSite(root);
    expect(again.logger.lines).toContain(`reused the bundle of 8 route files (the output's server/index.mjs): none of its inputs changed`);
    expect(takeRuns(runs)).toEqual(always);
  });

  it('bundles again when the published bundle was edited in place, and says where such an edit is', async () => {
    const { root, first } = await builtSite();
    appendFileSync(join(first.dir, 'server/index.mjs'), '\n// edited by hand\n');
    const again = await buildSite(root);
    expect(again.logger.lines).toContain(
      "bundled 8 route files into the output's server/index.mjs: a file of the last bundle was changed after it was made (in the output's server/ folder or in the cache, which keep it as one file)",
    );
    expect(readFileSync(join(again.dir, 'server/index.mjs'), 'utf8')).not.toContain('edited by hand');
  });

  it('renders the routes importing a data module that changed (code), and only those', async () => {
    const { runs, root } = await builtSite();
    writeFileSync(join(root, 'src/lib/posts.ts'), "export const posts = [{ slug: 'hello', title: 'Hello again' }, { slug: 'world', title: 'World' }];\n");
    const again = await buildSite(root);
    expect(again.logger.lines).toContain(`bundled 8 route files into the output's server/index.mjs: src/lib/posts.ts changed`);
    expect(takeRuns(runs)).toEqual([...always, '/api/posts.json', '/api/posts/hello.json', '/api/posts/world.json'].sort());
    expect(again.report.rendered).toEqual([...alwaysRendered, ...['/api/posts.json', '/api/posts/hello.json', '/api/posts/world.json'].map((route) => ({ route, reason: 'code' }))]);
    expect(readFileSync(join(again.dir, 'public/api/posts/hello.json'), 'utf8')).toContain('Hello again');
    await expectCleanOutput(root, again.dir, runs);
  });

  it('renders the route that read a changed file through new URL, naming the file in the site', async () => {
    const { runs, root } = await builtSite();
    writeFileSync(join(root, 'content/about.md'), '# About us\n');
    const again = await buildSite(root);
    expect(takeRuns(runs)).toEqual(['/api/about.txt', ...always]);
    expect(again.report.rendered).toEqual([{ route: '/api/about.txt', reason: 'file content/about.md' }, ...alwaysRendered]);
    expect(readFileSync(join(again.dir, 'public/api/about.txt'), 'utf8')).toBe('# About us\n');
    await expectCleanOutput(root, again.dir, runs);
  });

  it('renders a route whose module read a variable as it loaded when the variable changed (env), and not otherwise', async () => {
    const { runs, root } = await builtSite();
    process.env[greetingVariable] = 'hi';
    const changed = await buildSite(root);
    expect(takeRuns(runs)).toEqual([...always, '/api/greeting.txt'].sort());
    expect(changed.report.rendered).toEqual([{ route: '/api/env.txt', reason: 'env' }, { route: '/api/greeting.txt', reason: 'env' }, { route: '/api/live.json', reason: 'network' }]);
    expect(readFileSync(join(changed.dir, 'public/api/greeting.txt'), 'utf8')).toBe('hi');
    await expectCleanOutput(root, changed.dir, runs);
    await buildSite(root);
    expect(takeRuns(runs)).toEqual(always);
  });

  it('bundles the same sources into the same bytes after a module stopped reading the environment (Rollup renames nothing)', async () => {
    const lib = (body: string) => `export const load = (): string => ${body};\n`;
    const root = writeSite({
      'src/server/lib/catalog.ts': lib(`'data'`),
      'src/server/routes/api/a.txt.ts': `import { defineEventHandler } from 'h3';\nimport { load } from '../../lib/catalog.ts';\nexport default defineEventHandler(() => load());\n`,
      'prerender.config.mjs': "export default { name: 'same', prerender: { routes: ['/api/a.txt'] } };\n",
    });
    await buildSite(root);
    writeFileSync(join(root, 'src/server/lib/catalog.ts'), lib(`process.env.CATALOG ?? 'data'`));
    await buildSite(root);
    writeFileSync(join(root, 'src/server/lib/catalog.ts'), lib(`'data'`));
    const again = await buildSite(root);
    await expectCleanOutput(root, again.dir, join(tempDir('runs-'), 'runs.log'));
  });

  it('renders a route that read the environment through node:process, a process taken apart, or globalThis.process (env)', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const variable = JSON.stringify(greetingVariable);
    const root = writeSite({
      'src/server/routes/api/imported.txt.ts': notingRoute(runs, `env[${variable}] ?? 'hello'`, "import { env } from 'node:process';"),
      'src/server/routes/api/default.txt.ts': notingRoute(runs, `proc.env[${variable}] ?? 'hello'`, "import proc from 'process';"),
      'src/server/routes/api/apart.txt.ts': notingRoute(runs, `(() => { const { env } = process; return env[${variable}] ?? 'hello'; })()`),
      'src/server/routes/api/global.txt.ts': notingRoute(runs, `globalThis.process.env[${variable}] ?? 'hello'`),
    });
    const routes = ['/api/apart.txt', '/api/default.txt', '/api/global.txt', '/api/imported.txt'];
    const options = { config: { prerender: { routes } } };
    await buildSite(root, options);
    expect(takeRuns(runs)).toEqual(routes);
    process.env[greetingVariable] = 'hi';
    const changed = await buildSite(root, options);
    expect(changed.report.rendered).toEqual(routes.map((route) => ({ route, reason: 'env' })));
    for (const route of routes) expect(readFileSync(join(changed.dir, 'public', route), 'utf8')).toBe('hi');
  });

  it('renders every route handed what another route or an entries fetched or read from the environment through a shared module', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const handler = (body: string, imports: string) => `import { defineEventHandler } from 'h3';\n${imports}\nexport default defineEventHandler(async () => ${body});\n`;
    const root = writeSite({
      'package.json': '{ "name": "shared", "private": true, "type": "module" }\n',
      'prerender.config.mjs': "export default { prerender: { routes: ['/api/a.json', '/api/b.json', '/api/c.json', '/api/d.json'] } };\n",
      // One request for every route that asks (a CMS client's memo), one read of the variable.
      'src/lib/cms.ts': `let item: Promise<unknown> | undefined;\nexport const loadItem = () => (item ??= fetch(${JSON.stringify(source.url)} + '/items/1').then((response) => response.json()));\n`,
      'src/lib/settings.ts': `let greeting: string | undefined;\nexport const getGreeting = () => (greeting ??= process.env.${greetingVariable} ?? 'hello');\n`,
      'src/server/routes/api/a.json.ts': handler('({ item: await loadItem() })', "import { loadItem } from '../../../lib/cms.ts';"),
      'src/server/routes/api/b.json.ts': handler('({ item: await loadItem() })', "import { loadItem } from '../../../lib/cms.ts';"),
      'src/server/routes/api/c.json.ts': handler('({ greeting: getGreeting() })', "import { getGreeting } from '../../../lib/settings.ts';"),
      'src/server/routes/api/d.json.ts': handler('({ greeting: getGreeting() })', "import { getGreeting } from '../../../lib/settings.ts';"),
      // The README's entries, without cacheKey: its list and its handler share the request.
      'src/server/routes/api/posts/[slug].json.ts': handler(
        '({ item: await loadItem() })',
        "import { loadItem } from '../../../../lib/cms.ts';\nexport const entries = async () => (await loadItem(), [{ slug: 'one' }]);",
      ),
    });
    const first = await buildSite(root);
    expect(first.report.rendered.map(({ route }) => route)).toEqual(['/api/a.json', '/api/b.json', '/api/c.json', '/api/d.json', '/api/posts/one.json']);

    source.bump(1);
    process.env[greetingVariable] = 'hi';
    const again = await buildSite(root);
    expect({ reused: again.report.reused, rendered: again.report.rendered }).toEqual({ reused: 0, rendered: [
      { route: '/api/a.json', reason: 'network' },
      { route: '/api/b.json', reason: 'network' },
      { route: '/api/c.json', reason: 'env' },
      { route: '/api/d.json', reason: 'env' },
      { route: '/api/posts/one.json', reason: 'network' },
    ] });
    expect(again.report.rendered).toEqual([
      { route: '/api/a.json', reason: 'network' },
      { route: '/api/b.json', reason: 'network' },
      { route: '/api/c.json', reason: 'env' },
      { route: '/api/d.json', reason: 'env' },
      { route: '/api/posts/one.json', reason: 'network' },
    ]);
    for (const route of ['a', 'b', 'posts/one']) expect(JSON.parse(readFileSync(join(again.dir, `public/api/${route}.json`), 'utf8'))).toEqual({ item: { id: 1, version: 2 } });
    for (const route of ['c', 'd']) expect(JSON.parse(readFileSync(join(again.dir, `public/api/${route}.json`), 'utf8'))).toEqual({ greeting: 'hi' });
    await expectCleanOutput(root, again.dir, runs);
  });

  it('renders the routes an entries listed from a file that changed, though they read a file of their own through the same module', async () => {
    const up = '../../../../../';
    const root = writeSite({
      'data/posts.json': '[{ "slug": "one", "title": "One" }]',
      'content/body.md': '# Body\n',
      // The list, read once by entries and kept for the handler, which reads a file of its own too.
      'src/server/routes/api/posts/[slug].json.ts': [
        "import { readFileSync } from 'node:fs';",
        "import { defineEventHandler, getRouterParam } from 'h3';",
        'let posts: { slug: string; title: string }[] | undefined;',
        `const list = () => (posts ??= JSON.parse(readFileSync(new URL('${up}data/posts.json', import.meta.url), 'utf8')));`,
        'export const entries = () => list().map(({ slug }) => ({ slug }));',
        "export default defineEventHandler((event) => ({ title: list().find((post) => post.slug === getRouterParam(event, 'slug'))?.title, body: readFileSync(new URL('" + up + "content/body.md', import.meta.url), 'utf8') }));",
        '',
      ].join('\n'),
    });
    const options = { config: { prerender: { routes: [] } } };
    await buildSite(root, options);
    writeFileSync(join(root, 'data/posts.json'), '[{ "slug": "one", "title": "One, again" }]');
    const again = await buildSite(root, options);
    expect(again.report.rendered).toEqual([{ route: '/api/posts/one.json', reason: 'file data/posts.json' }]);
    expect(JSON.parse(readFileSync(join(again.dir, 'public/api/posts/one.json'), 'utf8'))).toEqual({ title: 'One, again', body: '# Body\n' });
  });

  it("renders the route whose cacheKey changed, and reuses the one whose key did not, though both reach the network", async () => {
    const { runs, root } = await builtSite();
    source.bump(2);
    const again = await buildSite(root);
    expect(takeRuns(runs)).toEqual([...always, '/api/items/2.json'].sort());
    expect(again.report.rendered).toEqual([{ route: '/api/env.txt', reason: 'env' }, { route: '/api/items/2.json', reason: 'cacheKey' }, { route: '/api/live.json', reason: 'network' }]);
    expect(JSON.parse(readFileSync(join(again.dir, 'public/api/items/2.json'), 'utf8'))).toEqual({ id: 2, version: 2 });
    await expectCleanOutput(root, again.dir, runs);
  });

  it('reuses every route when the config changes nothing a route answers, and renders every route when routesDir moves (config)', async () => {
    const { runs, root } = await builtSite();
    // As the command line's options do, over the config file (vitest keeps a config module it imported).
    const otherHost = { prerender: { sitemap: { host: 'https://example.org' } } };
    const host = await buildSite(root, { config: otherHost });
    expect(takeRuns(runs)).toEqual(always);
    expect(readFileSync(join(host.dir, 'public/sitemap.xml'), 'utf8')).toContain('https://example.org/api/about.txt');
    await expectCleanOutput(root, host.dir, runs, { config: otherHost });

    cpSync(join(root, 'src/server/routes'), join(root, 'src/other/routes'), { recursive: true });
    const moved = await buildSite(root, { config: { routesDir: 'src/other/routes' } });
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(moved.report.rendered).toEqual(cacheSiteRoutes.map((route) => ({ route, reason: 'config' })));
    await expectCleanOutput(root, moved.dir, runs, { config: { routesDir: 'src/other/routes' } });
  });

  it('renders every route when LANG names another locale: the CLI\'s output formats numbers in the new one', async () => {
    const root = writeSite({
      'src/server/routes/api/price.txt.ts': `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => (1234.5).toLocaleString());\n`,
      'prerender.config.mjs': `export default { name: 'prices', prerender: { routes: ['/api/price.txt'] } };`,
    });
    const buildIn = async (lang: string) => {
      const { code, stdout, stderr } = await runCli(['build', root, '--json', '--no-typecheck'], { env: { LANG: lang, LC_ALL: undefined, LC_MESSAGES: undefined } });
      expect(code, stderr).toBe(0);
      return { rendered: (JSON.parse(stdout) as BuildReport).rendered, price: readFileSync(join(root, 'dist/prices/public/api/price.txt'), 'utf8') };
    };
    expect(await buildIn('en_US.UTF-8')).toEqual({ rendered: [{ route: '/api/price.txt', reason: 'new' }], price: '1,234.5' });
    expect(await buildIn('en_US.UTF-8')).toEqual({ rendered: [], price: '1,234.5' });
    expect(await buildIn('de_DE.UTF-8')).toEqual({ rendered: [{ route: '/api/price.txt', reason: 'locale' }], price: '1.234,5' });
    // An empty LC_ALL is set, and ICU reads LANG no more: the default locale is ICU's own again.
    const masked = await runCli(['build', root, '--json', '--no-typecheck'], { env: { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: undefined } });
    expect((JSON.parse(masked.stdout) as BuildReport).rendered).toEqual([{ route: '/api/price.txt', reason: 'locale' }]);
    expect(readFileSync(join(root, 'dist/prices/public/api/price.txt'), 'utf8')).toBe('1,234.5');
  });

  it('renders every route when the default time zone changed (locale): dates format in it', async () => {
    const { runs, root } = await builtSite();
    const zone = process.env.TZ;
    process.env.TZ = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
    try {
      const moved = await buildSite(root);
      expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
      expect(moved.report.rendered).toEqual(cacheSiteRoutes.map((route) => ({ route, reason: 'locale' })));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('removes a route gone, from the output and the cache; listed again, it is new', async () => {
    const { runs, root, cacheDir } = await builtSite();
    const fewer = { prerender: { routes: cacheSiteRoutes.filter((route) => route !== '/api/version.txt') } };
    rmSync(join(root, 'src/server/routes/api/version.txt.ts'));
    const gone = await buildSite(root, { config: fewer });
    // Another route table: the bundle is made again, and each route's file asked of the router.
    expect(gone.logger.lines).toContainEqual(expect.stringMatching(/^bundled 7 route files into the output's server\/index\.mjs: route file api\/version\.txt\.ts removed, the listing of src\/server\/routes\/api\/ changed$/));
    expect(takeRuns(runs)).toEqual(always);
    expect(existsSync(join(gone.dir, 'public/api/version.txt'))).toBe(false);
    expect(existsSync(storedBodyPath(cacheDir, '/api/version.txt'))).toBe(false);
    await expectCleanOutput(root, gone.dir, runs, { config: fewer });

    writeCacheSite(runs, source.url, root);
    const back = await buildSite(root);
    expect(takeRuns(runs)).toEqual([...always, '/api/version.txt'].sort());
    expect(back.report.rendered).toContainEqual({ route: '/api/version.txt', reason: 'new' });
  });

  it('with cache: false (--no-cache) renders every route and leaves the cache as it was', async () => {
    const { runs, root, cacheDir } = await builtSite();
    const index = join(cacheDir, 'index.json');
    const before = { text: readFileSync(index, 'utf8'), ino: inode(index) };
    const off = await buildSite(root, { config: { cache: false } });
    expect(takeRuns(runs)).toEqual(cacheSiteRoutes);
    expect(off.report).toMatchObject({ reused: 0, rendered: cacheSiteRoutes.map((route) => ({ route, reason: 'no cache' })) });
    expect({ text: readFileSync(index, 'utf8'), ino: inode(index) }).toEqual(before);
    await buildSite(root);
    expect(takeRuns(runs)).toEqual(always);
  });

  it('is left as it was by a build that fails, and by one that was killed (its leftovers go)', async () => {
    const { runs, root, cacheDir } = await builtSite();
    const file = join(root, 'src/server/routes/api/version.txt.ts');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace("'v1'", "(() => { throw new Error('broken'); })()"));
    await expect(buildSite(root)).rejects.toMatchObject({ code: 'ROUTES_FAILED' });
    takeRuns(runs);
    // What a build killed before its commit leaves: a records file and a bundle no index names.
    writeFileSync(join(cacheDir, 'records-99999-0123456789ab.jsonl'), 'cut');
    cpSync(join(root, 'content'), join(cacheDir, 'server-99999-0123456789ab'), { recursive: true });
    writeFileSync(file, good);
    const fixed = await buildSite(root);
    expect(takeRuns(runs)).toEqual(always);
    expect(fixed.report.reused).toBe(8);
    expect(existsSync(join(cacheDir, 'records-99999-0123456789ab.jsonl')) || existsSync(join(cacheDir, 'server-99999-0123456789ab'))).toBe(false);
    await expectCleanOutput(root, fixed.dir, runs);
  });

  it('is left as it was by a build stopped mid-prerender', async () => {
    const { runs, root, cacheDir } = await builtSite();
    const index = readFileSync(join(cacheDir, 'index.json'), 'utf8');
    writeFileSync(join(root, 'content/about.md'), '# About, edited\n');
    process.env[greetingVariable] = 'stopped';
    const stop = new AbortController();
    const noted = setInterval(() => existsSync(runs) && stop.abort(new Error('stopped by the test')), 5);
    await expect(buildSite(root, { signal: stop.signal })).rejects.toThrow('stopped by the test');
    clearInterval(noted);
    expect(readFileSync(join(cacheDir, 'index.json'), 'utf8')).toBe(index);
    expect(readdirSync(cacheDir).filter((name) => name.startsWith('records-'))).toHaveLength(1);
    takeRuns(runs);
    const next = await buildSite(root);
    expect(takeRuns(runs)).toEqual(['/api/about.txt', '/api/env.txt', '/api/greeting.txt', '/api/live.json']);
    await expectCleanOutput(root, next.dir, runs);
  });

  it('removes at the next build the bodies a build that failed or was stopped stored, and still reuses what its records name', async () => {
    const root = writeSite({
      'package.json': '{ "name": "strays", "private": true, "type": "module" }\n',
      'src/server/routes/api/posts.json.ts': route("() => ({ posts: ['hello'] })"),
      'src/server/routes/api/items/[id].json.ts': route("(event) => ({ id: getRouterParam(event, 'id') })", 'defineEventHandler, getRouterParam'),
      'src/server/routes/api/broken.json.ts': route("() => { throw new Error('broken'); }"),
      // Sorted after the items, it holds the build while the items' bodies are stored.
      'src/server/routes/api/slow.json.ts': route('() => new Promise((resolve) => setTimeout(() => resolve({}), 20_000).unref())'),
    });
    const cacheDir = join(root, 'node_modules/.cache/api-prerender/strays/build');
    const bodies = () => readdirSync(join(cacheDir, 'bodies'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    const items = Array.from({ length: 300 }, (_, i) => `/api/items/${i}.json`);
    const postsOnly = { config: { prerender: { routes: ['/api/posts.json'] } } };
    await buildSite(root, postsOnly);
    expect(bodies()).toBe(1);

    const builtPostsOnly = async () => {
      const next = await buildSite(root, postsOnly);
      expect(next.report).toMatchObject({ reused: 1, rendered: [] });
      expect(bodies()).toBe(1);
      expect(existsSync(storedBodyPath(cacheDir, '/api/posts.json'))).toBe(true);
    };

    await expect(buildSite(root, { config: { prerender: { routes: ['/api/posts.json', ...items, '/api/broken.json'] } } })).rejects.toMatchObject({ code: 'ROUTES_FAILED' });
    expect(bodies()).toBe(1 + items.length);
    await builtPostsOnly();

    const stop = new AbortController();
    const stored = setInterval(() => bodies() > items.length / 2 && stop.abort(new Error('stopped by the test')), 5);
    await expect(buildSite(root, { signal: stop.signal, config: { prerender: { routes: ['/api/posts.json', ...items, '/api/slow.json'] } } })).rejects.toThrow('stopped by the test');
    clearInterval(stored);
    expect(bodies()).toBeGreaterThan(items.length / 2);
    await builtPostsOnly();
    // Nothing left over: the build after is an ordinary one.
    await builtPostsOnly();
  });

  it('leaves no mark where a build failed before it stored a body, and sweeps the bodies of a cache no index names', async () => {
    const root = writeSite({
      'package.json': '{ "name": "marks", "private": true, "type": "module" }\n',
      'src/server/routes/api/posts.json.ts': route("() => ({ posts: ['hello'] })"),
    });
    const cacheDir = join(root, 'node_modules/.cache/api-prerender/marks/build');
    await buildSite(root, { config: { prerender: { routes: ['/api/posts.json'] } } });
    expect(existsSync(join(cacheDir, 'unfinished'))).toBe(false);
    // A route module that throws as the bundle loads: no body is stored, and no mark is left.
    writeFileSync(join(root, 'src/server/routes/api/broken.json.ts'), `throw new Error('broken at load');\nexport default () => 1;\n`);
    await expect(buildSite(root, { config: { prerender: { routes: ['/api/posts.json'] } } })).rejects.toThrow('broken at load');
    expect(existsSync(join(cacheDir, 'unfinished'))).toBe(false);
    rmSync(join(root, 'src/server/routes/api/broken.json.ts'));
    // An index no build can use (cut short): the next build renders, and keeps only the body it names.
    const stray = storedBodyPath(cacheDir, '/api/old.json');
    mkdirSync(dirname(stray), { recursive: true });
    writeFileSync(stray, 'old');
    writeFileSync(join(cacheDir, 'index.json'), '{"cut');
    await buildSite(root, { config: { prerender: { routes: ['/api/posts.json'] } } });
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(storedBodyPath(cacheDir, '/api/posts.json'))).toBe(true);
  });

  it('gives a reused route the warnings its render gave: its handler result, its invalid body', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const root = writeSite({
      'src/server/routes/api/tags.txt.ts': notingRoute(runs, "new Map([['a', 1]])"),
      'src/server/routes/api/broken.json.ts': notingRoute(runs, `new Response('{"a": 1,}', { headers: { 'content-type': 'application/json' } })`),
    });
    const options = { config: { prerender: { routes: ['/api/tags.txt', '/api/broken.json'] } } };
    const first = await buildSite(root, options);
    expect(takeRuns(runs)).toEqual(['/api/broken.json', '/api/tags.txt']);
    const codes = (report: typeof first.report) => report.warnings.map((warning) => warning.code).sort();
    expect(codes(first.report)).toEqual(['HANDLER_RESULT', 'INVALID_JSON']);
    const again = await buildSite(root, options);
    expect(takeRuns(runs)).toEqual([]);
    expect(again.report.warnings).toEqual(first.report.warnings);
  });

  it('checks the body of a route reused from a build that did not check it, once prerender.validate is on', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const root = writeSite({ 'src/server/routes/api/broken.json.ts': notingRoute(runs, `new Response('{"a": 1,}', { headers: { 'content-type': 'application/json' } })`) });
    const validating = (validate: false | 'warn' | 'error') => ({ config: { prerender: { routes: ['/api/broken.json'], validate } } });
    const unchecked = await buildSite(root, validating(false));
    expect(unchecked.report.warnings).toEqual([]);
    const invalid = { code: 'INVALID_JSON', message: expect.stringContaining('/api/broken.json') };
    for (const validate of ['warn', 'warn'] as const) {
      const checked = await buildSite(root, validating(validate));
      expect({ reused: checked.report.reused, warnings: checked.report.warnings }).toEqual({ reused: 1, warnings: [invalid] });
    }
    await expect(buildSite(root, validating('error'))).rejects.toMatchObject({ code: 'INVALID_OUTPUT' });
    expect(takeRuns(runs)).toEqual(['/api/broken.json']);
  });

  it('crawls the links of reused pages as of rendered ones, and checks them against this output', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const html = (body: string) => `new Response(${body}, { headers: { 'content-type': 'text/html; charset=utf-8' } })`;
    const page = (links: string) => notingRoute(runs, html(JSON.stringify(`<!doctype html><title>p</title>${links}`)));
    const root = writeSite({
      'src/server/routes/index.ts': page('<a href="/a/">a</a> <a href="/b/">b</a>'),
      'src/server/routes/a/index.ts': page('<a href="/b/">b</a>'),
      'src/server/routes/b/index.ts': notingRoute(runs, `readFile(new URL('../../../../b.html', import.meta.url), 'utf8').then((text) => ${html('text')})`, "import { readFile } from 'node:fs/promises';"),
      'b.html': '<!doctype html><title>b</title><a href="/a/">a</a>',
    });
    const options = { config: { prerender: { routes: ['/'], crawl: true } } };
    const first = await buildSite(root, options);
    // A handler sees the path as routed, without its trailing slash.
    expect(takeRuns(runs)).toEqual(['/', '/a', '/b']);
    expect(first.report).toMatchObject({ ok: 3, crawled: 2 });

    // b now links to a page no route serves: a clean build warns of it on b, and so does this one.
    writeFileSync(join(root, 'b.html'), '<!doctype html><title>b</title><a href="/a/">a</a> <a href="/gone/">gone</a>');
    const again = await buildSite(root, options);
    expect(takeRuns(runs)).toEqual(['/b']);
    expect(again.report).toMatchObject({ ok: 3, crawled: 2, reused: 2, rendered: [{ route: '/b', reason: 'file b.html' }] });
    expect(again.report.warnings).toEqual([expect.objectContaining({ code: 'BROKEN_LINK', link: '/gone/', route: '/b' })]);
    await expectCleanOutput(root, again.dir, runs, options);

    // a's page is reused, its link to b read from the cache: b's file gone from b's route, a's link breaks.
    rmSync(join(root, 'src/server/routes/b'), { recursive: true });
    const broken = await buildSite(root, { config: { prerender: { routes: ['/', '/a'], crawl: false } } });
    expect(takeRuns(runs)).toEqual([]);
    expect(broken.report.warnings).toEqual([expect.objectContaining({ code: 'BROKEN_LINK', link: '/b/', pages: 2 })]);
    await expectCleanOutput(root, broken.dir, runs, { config: { prerender: { routes: ['/', '/a'], crawl: false } } });
  });

  it('gives the kept type check verdict when nothing the check read changed, and checks again when a file did', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const root = writeCacheSite(runs, source.url);
    // h3 found by the check (a verdict with a module not found is never kept: see the next test).
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
    const first = await buildSite(root, { typecheck: true });
    const verdict = join(root, 'node_modules/.cache/api-prerender/cached/typecheck.json');
    const kept = { ino: inode(verdict), mtime: statSync(verdict).mtimeMs };
    const again = await buildSite(root, { typecheck: true });
    expect({ ino: inode(verdict), mtime: statSync(verdict).mtimeMs }).toEqual(kept);
    expect(again.report.warnings).toEqual(first.report.warnings);
    expect(again.logger.lines.filter((line) => line.startsWith('type check:'))).toEqual(first.logger.lines.filter((line) => line.startsWith('type check:')));

    writeFileSync(join(root, 'src/lib/posts.ts'), "export const posts: { slug: string; title: number }[] = [{ slug: 'hello', title: 'Hello' }];\n");
    const typed = await buildSite(root, { typecheck: true });
    expect(inode(verdict)).not.toBe(kept.ino);
    expect(typed.report.warnings).toContainEqual({ code: 'TYPE_ERROR', message: expect.stringContaining('src/lib/posts.ts:1:') });
  });

  it('checks again after a check that could not find a module, once the module is made where it looked', async () => {
    const runs = join(tempDir('runs-'), 'runs.log');
    const root = writeCacheSite(runs, source.url);
    // A type-only import bundles (it is erased), and the check reports it missing. Its folder is there,
    // with no file the check reads: a new file in it changes no folder the verdict's key holds.
    writeFileSync(join(root, 'src/lib/posts.ts'), "import type { Post } from '../types/post.ts';\nexport const posts: Post[] = [{ slug: 'hello', title: 'Hello' }];\n");
    mkdirSync(join(root, 'src/types'));
    writeFileSync(join(root, 'src/types/README.md'), 'Types go here.\n');
    const aboutPost = (warnings: { message: string }[]) => warnings.filter((warning) => warning.message.startsWith('src/lib/posts.ts:')).map((warning) => warning.message);
    const missing = await buildSite(root, { typecheck: true });
    expect(aboutPost(missing.report.warnings)).toEqual([expect.stringMatching(/^src\/lib\/posts\.ts:1:\d+: TS2307: Cannot find module '\.\.\/types\/post\.ts'/)]);

    writeFileSync(join(root, 'src/types/post.ts'), 'export interface Post { slug: string; title: number }\n');
    const found = await buildSite(root, { typecheck: true });
    expect(aboutPost(found.report.warnings)).toEqual([expect.stringMatching(/^src\/lib\/posts\.ts:2:\d+: TS2322: /)]);
  });
});

describe('a file read by a relative path', () => {
  it('renders its route every build (env): the working folder says which file it is; from elsewhere, the miss says so', async () => {
    const root = writeSite({
      'data/posts.json': '{"a":1}',
      'src/server/routes/api/a.json.ts': `import { readFile } from 'node:fs/promises';\nimport { defineEventHandler } from 'h3';\nexport default defineEventHandler(async () => JSON.parse(await readFile('data/posts.json', 'utf8')));\n`,
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/a.json'] } };\n`,
    });
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    const again = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(again.stderr).toContain('cache: 0 routes reused, 1 rendered (1 env: /api/a.json)');
    const above = await runCli(['build', basename(root), '--no-typecheck'], { cwd: dirname(root) });
    expect(above.code).toBe(1);
    expect(above.stderr).toContain(`open 'data/posts.json' ("data/posts.json" is looked for from the working folder, ${dirname(root)}: name it from the module instead, new URL('...', import.meta.url))`);
    // The route's file, with its line where the error's stack has one (Node 26's fs errors have none).
    expect(above.stderr).toMatch(/import\.meta\.url\)\) \(src\/server\/routes\/api\/a\.json\.ts(:\d+)?\)\n/);
  });

  it('and one named from process.cwd() or path.resolve(): run from another folder, the build reads that folder\'s file, never the last one\'s output', async () => {
    const read = (from: string) => `import { readFileSync } from 'node:fs';\nimport { join, resolve } from 'node:path';\nimport { defineEventHandler } from 'h3';\n${from}`;
    const root = writeSite({
      'data/posts.json': '{"from":"site"}',
      // One asks in its handler; one at its top level, which runs as the bundle loads.
      'src/server/routes/api/a.json.ts': read(`export default defineEventHandler(() => JSON.parse(readFileSync(join(process.cwd(), 'data/posts.json'), 'utf8')));\n`),
      'src/server/routes/api/b.json.ts': read(`const file = join(process.cwd(), 'data/posts.json');\nexport default defineEventHandler(() => JSON.parse(readFileSync(file, 'utf8')));\n`),
      'src/server/routes/api/c.json.ts': read(`export default defineEventHandler(() => JSON.parse(readFileSync(resolve('data/posts.json'), 'utf8')));\n`),
      'prerender.config.mjs': `export default { outDir: 'out', prerender: { routes: ['/api/a.json', '/api/b.json', '/api/c.json'] } };\n`,
    });
    const parent = dirname(root);
    mkdirSync(join(parent, 'data'), { recursive: true });
    writeFileSync(join(parent, 'data/posts.json'), '{"from":"parent"}');
    const body = (route: string) => readFileSync(join(root, 'out', basename(root), 'public/api', route), 'utf8');
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    expect([body('a.json'), body('b.json'), body('c.json')]).toEqual(['{"from":"site"}', '{"from":"site"}', '{"from":"site"}']);
    // Run again from the same folder: the handlers' routes are rendered (env), the other reused.
    const again = await runCli(['build', '--no-typecheck'], { cwd: root });
    expect(again.stderr).toContain('cache: 1 route reused, 2 rendered (2 env: /api/a.json, /api/c.json)');
    const above = await runCli(['build', basename(root), '--no-typecheck'], { cwd: parent });
    expect(above.code).toBe(0);
    expect(above.stderr).toContain('cache: 0 routes reused, 3 rendered (3 env: /api/a.json, /api/b.json and 1 more)');
    expect([body('a.json'), body('b.json'), body('c.json')]).toEqual(['{"from":"parent"}', '{"from":"parent"}', '{"from":"parent"}']);
  });
});

describe('a cache made by another installation of api-prerender', () => {
  it('bundles an edited route file with the installation building now (npx first, then the one in node_modules)', async () => {
    const root = installedSite(join(repoRoot, 'node_modules', 'h3'), {
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/hi.txt', '/api/ho.txt'] } };\n`,
      'src/server/routes/api/ho.txt.ts': route(`() => 'ho'`),
    });
    // The same version at another path (the repository's, as npx's cache would be): Rollup's cache
    // names our runtime's modules by that path.
    expect((await runCli(['build', '--no-typecheck'], { cwd: root })).code).toBe(0);
    writeFileSync(join(root, 'src/server/routes/api/hi.txt.ts'), route(`() => 'hi again'`));
    const installed = await prerender(root, ['build', '--no-typecheck']);
    expect(installed.stderr).not.toContain('error');
    expect(installed.code).toBe(0);
    expect(readFileSync(join(root, 'dist/h3-site/public/api/hi.txt'), 'utf8')).toBe('hi again');
    expect(readFileSync(join(root, 'dist/h3-site/public/api/ho.txt'), 'utf8')).toBe('ho');
  });
});
