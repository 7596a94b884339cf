import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeConfig, resolveConfig } from '../../src/config/resolve.ts';
import { catchError } from '../support/catch-error.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

describe('resolveConfig: defaults (SPEC section 3)', () => {
  it('fills every key', async () => {
    const root = writeSite({ 'package.json': JSON.stringify({ name: 'my-site' }) });
    expect(await resolveConfig({}, root)).toEqual({
      root,
      name: 'my-site',
      apiPrefix: 'api',
      routesDir: join(root, 'src/server/routes'),
      publicDir: join(root, 'public'),
      outDir: join(root, 'dist'),
      publicDotFiles: false,
      preset: 'static',
      mistypedFiles: 'error',
      compress: [],
      cache: true,
      cacheDir: join(root, 'node_modules/.cache/api-prerender'),
      prerender: { routes: [], routesFrom: 'unset', sitemapHost: undefined, concurrency: 16, timeout: 30_000, maxBodySize: 100 * 1024 * 1024, failOnError: true, retry: undefined, validate: 'warn', links: 'warn' },
      configFile: undefined,
    });
  });

  it.each([
    [{ name: '@acme/site' }, 'site'],
    [{ name: 'plain' }, 'plain'],
    [{ version: '1.0.0' }, null],
    [{ name: '' }, null],
    [{ name: 42 }, null],
  ])('name from package.json %j is %j (null: the folder name)', async (pkg, name) => {
    const root = writeSite({ 'package.json': JSON.stringify(pkg) });
    expect((await resolveConfig({}, root)).name).toBe(name ?? basename(root));
  });

  it('uses the folder name without package.json, or with a broken one', async () => {
    const bare = tempDir('bare-');
    expect((await resolveConfig({}, bare)).name).toBe(basename(bare));
    const broken = writeSite({ 'package.json': '{ nope' });
    expect((await resolveConfig({}, broken)).name).toBe(basename(broken));
  });

  it.each([
    ['/api/', 'api'],
    ['//v2/api//', 'v2/api'],
    ['services', 'services'],
    ['', ''],
    ['/', ''],
  ])('apiPrefix %j is %j', async (apiPrefix, expected) => {
    expect((await resolveConfig({ apiPrefix }, tempDir())).apiPrefix).toBe(expected);
  });

  it('takes routes as objects and as sync and async functions', async () => {
    const list = ['/a.json', { route: '/b.xml', sitemap: false }, { route: '/c', sitemap: { lastmod: '2026-11-21', changefreq: 'daily', priority: 0.5 } }];
    const expected = [
      { route: '/a.json', sitemap: {} },
      { route: '/b.xml', sitemap: false },
      { route: '/c', sitemap: { lastmod: '2026-11-21', changefreq: 'daily', priority: 0.5 } },
    ];
    for (const routes of [list, () => list, async () => list]) {
      expect((await resolveConfig({ prerender: { routes } }, tempDir())).prerender.routes).toEqual(expected);
    }
  });

  it('takes the routes a sync or async generator function yields, one at a time', async () => {
    const list = ['/a.json', { route: '/b.xml', sitemap: false as const }, { route: '/c', sitemap: { lastmod: '2026-11-21', priority: 0.5 } }];
    const taken: string[] = [];
    function* sync() {
      for (const entry of list) {
        taken.push(typeof entry === 'string' ? entry : entry.route);
        yield entry;
      }
    }
    async function* fromPages() {
      for (const page of [list.slice(0, 2), list.slice(2)]) yield* await Promise.resolve(page);
    }
    const expected = [
      { route: '/a.json', sitemap: {} },
      { route: '/b.xml', sitemap: false },
      { route: '/c', sitemap: { lastmod: '2026-11-21', priority: 0.5 } },
    ];
    for (const routes of [sync, fromPages, () => new Set(list)]) {
      expect((await resolveConfig({ prerender: { routes } }, tempDir())).prerender.routes).toEqual(expected);
    }
    expect(taken).toEqual(['/a.json', '/b.xml', '/c']);
  });

  it.each([
    ['https://example.com/api/rss.xml', '/api/rss.xml'],
    ['HTTP://example.com/a/b.json?draft', '/a/b.json'],
    ['api/rss.xml', '/api/rss.xml'],
  ])('a route given as %j means the path %j: a whole URL its path (the host is the sitemap\'s)', async (route, meant) => {
    const bad = await catchError(() => resolveConfig({ prerender: { routes: [route] } }, tempDir()));
    expect(bad.message).toBe(`Config key "prerender.routes[0]" must be a path starting with "/", got ${JSON.stringify(route)}; did you mean "${meant}"?`);
  });

  it("names a generator's bad route by its index, and wraps what the generator throws", async () => {
    function* badThird() {
      yield '/a';
      yield { route: '/b' };
      yield { route: 'c' };
    }
    const bad = await catchError(() => resolveConfig({ prerender: { routes: badThird } }, tempDir()));
    expect([bad.code, bad.exitCode]).toEqual(['CONFIG', 2]);
    expect(bad.message).toBe('Config key "prerender.routes[2].route" must be a path starting with "/", got "c"; did you mean "/c"?');
    async function* failing() {
      yield '/a';
      throw new Error('page 2 of the CMS: 503');
    }
    const thrown = await catchError(() => resolveConfig({ prerender: { routes: failing } }, tempDir()));
    expect([thrown.code, thrown.exitCode]).toEqual(['ROUTE_ENTRIES', 1]);
    expect(thrown.message).toBe('The function given as prerender.routes in the config failed: page 2 of the CMS: 503');
    expect(thrown.hint).toBe('Fix prerender.routes in the config at the line the stack above names.');
  });

  it('says what failed was code the routes function called when no frame of the stack is the site\'s (a request, on Node 24)', async () => {
    // As Node 24's fetch throws on a name that does not resolve: no frame of the function that called it.
    const failed = Object.assign(new TypeError('fetch failed'), { stack: 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:13510:13' });
    failed.cause = Object.assign(new Error('getaddrinfo ENOTFOUND cms.invalid'), { stack: 'Error: getaddrinfo ENOTFOUND cms.invalid\n    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:122:26)' });
    const error = await catchError(() => resolveConfig({ prerender: { routes: () => Promise.reject(failed) } }, tempDir()));
    expect(error.message).toBe('The function given as prerender.routes in the config failed: fetch failed');
    expect(error.hint).toBe('Fix prerender.routes in the config: the stack names no line of it, so what failed is code it called, such as a request it made (check that the address answers from where the build runs).');
  });

  it('stops a generator that never ends its list at prerender.timeout', async () => {
    let yielded = 0;
    async function* endless() {
      for (;;) {
        yielded++;
        yield `/item-${yielded}`;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const error = await catchError(() => resolveConfig({ prerender: { routes: endless, timeout: 100 } }, tempDir()));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_ENTRIES', 1]);
    expect(error.message).toBe('The function given as prerender.routes did not settle within 100 ms (prerender.timeout).');
    const atTimeout = yielded;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(yielded - atTimeout).toBeLessThanOrEqual(1);
  });

  it('keeps a valid route entry of an array as given rather than copying it, a plain object only', async () => {
    const fields = { lastmod: '2026-11-21', priority: 0.5 };
    const entry = { route: '/c', sitemap: fields };
    const hidden = { route: '/d', sitemap: false as const };
    class Fields {
      changefreq = 'daily' as const;
    }
    const made = { route: '/e', sitemap: new Fields() };
    const [kept, alsoKept, copied] = (await resolveConfig({ prerender: { routes: [entry, hidden, made] } }, tempDir())).prerender.routes;
    expect(kept).toBe(entry);
    expect(kept.sitemap).toBe(fields);
    expect(alsoKept).toBe(hidden);
    expect(copied).not.toBe(made);
    expect(copied).toEqual({ route: '/e', sitemap: { lastmod: undefined, changefreq: 'daily', priority: undefined } });
  });

  it('copies the routes a function lists, one object for the sitemap fields routes share', async () => {
    const listed = () => ['a', 'b', 'c'].map((name, i) => ({ route: `/${name}`, sitemap: { lastmod: '2026-11-21', priority: i === 2 ? 0.9 : 0.5 } }));
    const routes = (await resolveConfig({ prerender: { routes: listed } }, tempDir())).prerender.routes;
    expect(routes).toEqual(listed());
    expect(routes[0].sitemap).toBe(routes[1].sitemap);
    expect(routes[2].sitemap).not.toBe(routes[0].sitemap);
  });

  it('shares fields by their values: one date with many priorities keeps each, and a bad value after good ones is still named', async () => {
    const priorities = Array.from({ length: 40 }, (_, i) => i / 40);
    const listed = () => [...priorities, ...priorities].map((priority, i) => ({ route: `/r${i}`, sitemap: { lastmod: '2026-11-21', changefreq: 'daily', priority } }));
    const routes = (await resolveConfig({ prerender: { routes: listed } }, tempDir())).prerender.routes;
    expect(routes).toEqual(listed());
    expect(routes[41].sitemap).toBe(routes[1].sitemap);
    const changed = (fields: object) => () => [...listed(), { route: '/bad', sitemap: { lastmod: '2026-11-21', changefreq: 'daily', ...fields } }];
    const badPriority = await catchError(() => resolveConfig({ prerender: { routes: changed({ priority: 2 }) } }, tempDir()));
    expect(badPriority.message).toContain('"prerender.routes[80].sitemap.priority"');
    const badFreq = await catchError(() => resolveConfig({ prerender: { routes: changed({ priority: 0, changefreq: 'dayly' }) } }, tempDir()));
    expect(badFreq.message).toContain('"prerender.routes[80].sitemap.changefreq"');
    const extraKey = await catchError(() => resolveConfig({ prerender: { routes: changed({ priority: 0, lastmodified: '2026-11-21' }) } }, tempDir()));
    expect(extraKey.message).toContain('"prerender.routes[80].sitemap.lastmodified"');
  });

  it('keeps valid values', async () => {
    const config = { name: 'x', prerender: { concurrency: 1, timeout: 2 ** 31 - 1, maxBodySize: 1, failOnError: false, sitemap: { host: 'https://x.com/blog/' } } };
    expect((await resolveConfig(config, tempDir())).prerender).toMatchObject({ concurrency: 1, timeout: 2 ** 31 - 1, maxBodySize: 1, failOnError: false, sitemapHost: 'https://x.com/blog/' });
  });
});

const fn = (value: unknown) => () => value;
const lastmod = (value: unknown) => ({ prerender: { routes: [{ route: '/a', sitemap: { lastmod: value } }] } });

describe('resolveConfig: every bad key is a CONFIG error (exit 2) naming the key and what is allowed', () => {
  it.each([
    ['unknown top-level key', { prerender: {}, outdir: 'x' }, '"outdir"', 'name, apiPrefix, routesDir, publicDir, outDir, publicDotFiles, preset, mistypedFiles, cache, cacheDir, prerender'],
    ['unknown preset', { preset: 'heroku' }, '"preset"', 'static | netlify | cloudflare | vercel | github-pages'],
    ['mistypedFiles not error or warn', { mistypedFiles: 'ignore' }, '"mistypedFiles"', "'error' | 'warn'"],
    ['unknown prerender key', { prerender: { route: [] } }, '"prerender.route"', 'prerender.routes, prerender.sitemap'],
    ['unknown sitemap key', { prerender: { sitemap: { hostname: 'x' } } }, '"prerender.sitemap.hostname"', 'prerender.sitemap.host'],
    ['config not an object', [], '"config"', 'an object'],
    ['prerender null', { prerender: null }, '"prerender"', 'an object'],
    ['sitemap a string', { prerender: { sitemap: 'https://x.com' } }, '"prerender.sitemap"', 'an object'],
    ['name a number', { name: 1 }, '"name"', 'a folder name'],
    ['name with a slash', { name: 'a/b' }, '"name"', 'a folder name'],
    ['name ..', { name: '..' }, '"name"', 'leading dot'],
    ['name empty', { name: '' }, '"name"', 'a folder name'],
    ['apiPrefix with a space', { apiPrefix: 'a b' }, '"apiPrefix"', 'A-Z a-z 0-9 . _ ~ - and /'],
    ['apiPrefix with a query', { apiPrefix: 'x?y' }, '"apiPrefix"', 'A-Z a-z 0-9 . _ ~ - and /'],
    ['apiPrefix leaving its folder', { apiPrefix: '../x' }, '"apiPrefix"', 'A-Z a-z 0-9 . _ ~ - and /'],
    ['apiPrefix with an empty segment', { apiPrefix: 'a//b' }, '"apiPrefix"', 'URL segments'],
    ['apiPrefix not a string', { apiPrefix: ['api'] }, '"apiPrefix"', 'URL segments'],
    ['routesDir empty', { routesDir: '' }, '"routesDir"', 'a non-empty path'],
    ['publicDir a number', { publicDir: 1 }, '"publicDir"', 'a non-empty path'],
    ['outDir null', { outDir: null }, '"outDir"', 'a non-empty path'],
    ['concurrency 0', { prerender: { concurrency: 0 } }, '"prerender.concurrency"', 'a whole number from 1 to 1024'],
    ['concurrency 1.5', { prerender: { concurrency: 1.5 } }, '"prerender.concurrency"', 'a whole number from 1 to 1024'],
    ['concurrency "4"', { prerender: { concurrency: '4' } }, '"prerender.concurrency"', 'a whole number from 1 to 1024'],
    ['concurrency 1025', { prerender: { concurrency: 1025 } }, '"prerender.concurrency"', 'a whole number from 1 to 1024'],
    ['timeout -1', { prerender: { timeout: -1 } }, '"prerender.timeout"', 'a whole number of milliseconds from 1 to 2147483647'],
    ['timeout past setTimeout', { prerender: { timeout: 2 ** 31 } }, '"prerender.timeout"', 'from 1 to 2147483647'],
    ['timeout Infinity', { prerender: { timeout: Infinity } }, '"prerender.timeout"', 'from 1 to 2147483647'],
    ['maxBodySize 0', { prerender: { maxBodySize: 0 } }, '"prerender.maxBodySize"', 'a whole number of bytes from 1 to'],
    ['maxBodySize "10mb"', { prerender: { maxBodySize: '10mb' } }, '"prerender.maxBodySize"', 'a whole number of bytes from 1 to'],
    ['maxBodySize past a Buffer', { prerender: { maxBodySize: Number.MAX_VALUE } }, '"prerender.maxBodySize"', 'a whole number of bytes from 1 to'],
    ['failOnError "no"', { prerender: { failOnError: 'no' } }, '"prerender.failOnError"', 'true or false'],
    ['retry true', { prerender: { retry: true } }, '"prerender.retry"', 'false, or { attempts, delay? }'],
    ['retry a number', { prerender: { retry: 3 } }, '"prerender.retry"', 'false, or { attempts, delay? }'],
    ['retry without attempts', { prerender: { retry: { delay: 100 } } }, '"prerender.retry.attempts"', 'a whole number from 1 to 10'],
    ['retry attempts 0', { prerender: { retry: { attempts: 0 } } }, '"prerender.retry.attempts"', 'a whole number from 1 to 10'],
    ['retry attempts 11', { prerender: { retry: { attempts: 11 } } }, '"prerender.retry.attempts"', 'a whole number from 1 to 10'],
    ['retry delay -1', { prerender: { retry: { attempts: 2, delay: -1 } } }, '"prerender.retry.delay"', 'a whole number of milliseconds from 0 to 60000'],
    ['retry delay past the cap', { prerender: { retry: { attempts: 2, delay: 60_001 } } }, '"prerender.retry.delay"', 'from 0 to 60000'],
    ['retry unknown key', { prerender: { retry: { attempts: 2, backoff: 2 } } }, '"prerender.retry.backoff"', 'prerender.retry.attempts, prerender.retry.delay'],
    ['validate true', { prerender: { validate: true } }, '"prerender.validate"', "'warn' | 'error' | false"],
    ['validate "strict"', { prerender: { validate: 'strict' } }, '"prerender.validate"', "'warn' | 'error' | false"],
    ['links true', { prerender: { links: true } }, '"prerender.links"', "'warn' | 'error' | false"],
    ['links "off"', { prerender: { links: 'off' } }, '"prerender.links"', "'warn' | 'error' | false"],
    ['publicDotFiles "yes"', { publicDotFiles: 'yes' }, '"publicDotFiles"', 'true or false'],
    ['routes not an array', { prerender: { routes: '/a' } }, '"prerender.routes"', 'an array of routes'],
    ['routes function returning no array', { prerender: { routes: fn({}) } }, '"prerender.routes"', 'an array of routes'],
    ['route without leading /', { prerender: { routes: ['api/x'] } }, '"prerender.routes[0]"', 'a path starting with "/"'],
    ['route with a query', { prerender: { routes: ['/a', '/b?x=1'] } }, '"prerender.routes[1]"', 'without query (?) or fragment (#)'],
    ['route with a fragment', { prerender: { routes: ['/b#top'] } }, '"prerender.routes[0]"', 'without query (?) or fragment (#)'],
    ['route a number', { prerender: { routes: [1] } }, '"prerender.routes[0]"', 'a path string'],
    ['entry with an unknown key', { prerender: { routes: [{ route: '/a', lastmod: 'x' }] } }, '"prerender.routes[0].lastmod"', 'prerender.routes[0].route, prerender.routes[0].sitemap'],
    ['entry without route', { prerender: { routes: [{ sitemap: false }] } }, '"prerender.routes[0].route"', 'a path string'],
    ['entry route without /', { prerender: { routes: [{ route: 'a' }] } }, '"prerender.routes[0].route"', 'a path starting with "/"'],
    ['sitemap true', { prerender: { routes: [{ route: '/a', sitemap: true }] } }, '"prerender.routes[0].sitemap"', 'false or { lastmod?, changefreq?, priority? }'],
    ['sitemap unknown field', { prerender: { routes: [{ route: '/a', sitemap: { freq: 'daily' } }] } }, '"prerender.routes[0].sitemap.freq"', 'prerender.routes[0].sitemap.changefreq'],
    ['changefreq "sometimes"', { prerender: { routes: [{ route: '/a', sitemap: { changefreq: 'sometimes' } }] } }, '"prerender.routes[0].sitemap.changefreq"', 'always | hourly | daily | weekly | monthly | yearly | never'],
    ['priority 2', { prerender: { routes: [{ route: '/a', sitemap: { priority: 2 } }] } }, '"prerender.routes[0].sitemap.priority"', 'a number from 0 to 1'],
    ['priority NaN', { prerender: { routes: [{ route: '/a', sitemap: { priority: NaN } }] } }, '"prerender.routes[0].sitemap.priority"', 'a number from 0 to 1'],
    ['lastmod "not a date"', lastmod('not a date'), '"prerender.routes[0].sitemap.lastmod"', 'a W3C date such as "2026-11-21"'],
    ['lastmod "March 7"', lastmod('March 7'), '"prerender.routes[0].sitemap.lastmod"', 'a W3C date'],
    ['lastmod Feb 30', lastmod('2026-02-30'), '"prerender.routes[0].sitemap.lastmod"', 'a W3C date'],
    ['lastmod month 13', lastmod('2026-13'), '"prerender.routes[0].sitemap.lastmod"', 'a W3C date'],
    ['lastmod time without zone', lastmod('2026-11-21T10:00'), '"prerender.routes[0].sitemap.lastmod"', 'a time needs its zone'],
    ['lastmod hour 24', lastmod('2026-11-21T24:00Z'), '"prerender.routes[0].sitemap.lastmod"', 'a W3C date'],
    ['sitemap.host without scheme', { prerender: { sitemap: { host: 'example.com' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host ftp', { prerender: { sitemap: { host: 'ftp://x' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host with a query', { prerender: { sitemap: { host: 'https://x.com/?q' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host with an empty query', { prerender: { sitemap: { host: 'https://x.com/?' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host with a fragment', { prerender: { sitemap: { host: 'https://x.com/#a' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host with a space', { prerender: { sitemap: { host: ' https://x.com' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
    ['sitemap.host with credentials', { prerender: { sitemap: { host: 'https://u:p@x.com' } } }, '"prerender.sitemap.host"', 'an absolute http(s) URL'],
  ])('%s', async (_, config, key, allowed) => {
    const error = await catchError(() => resolveConfig(config, tempDir()));
    expect(error.code).toBe('CONFIG');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(key);
    expect(error.message).toContain(allowed);
  });

  it.each<[key: 'validate' | 'links', value: unknown, meant: string]>([
    ['links', true, '"warn"'],
    ['links', 'errors', '"error"'],
    ['links', 'off', 'false'],
    ['links', 'warning', '"warn"'],
    ['validate', 'strict', '"error"'],
    ['validate', 'Warn', '"warn"'],
    ['validate', 'false', 'false'],
    ['validate', 0, 'false'],
    ['links', null, 'false'],
  ])('prerender.%s %j is told the mode meant', async (key, value, meant) => {
    const error = await catchError(() => resolveConfig({ prerender: { [key]: value } } as never, tempDir()));
    expect(error.message).toBe(`Config key "prerender.${key}" must be 'warn' | 'error' | false, got ${JSON.stringify(value)}; did you mean ${meant}?`);
  });

  it('prerender.links nothing like a mode gets no guess', async () => {
    const error = await catchError(() => resolveConfig({ prerender: { links: 'sometimes' } } as never, tempDir()));
    expect(error.message).toBe(`Config key "prerender.links" must be 'warn' | 'error' | false, got "sometimes".`);
  });

  it('every mistake of one route\'s sitemap fields is said in one run', async () => {
    const error = await catchError(() => resolveConfig({ prerender: { routes: [{ route: '/a', sitemap: { changefreq: 'dayly', priority: 1.5, lastmod: 'last tuesday' } }] } } as never, tempDir()));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('"prerender.routes[0].sitemap.lastmod"');
    expect(error.message).toContain('"prerender.routes[0].sitemap.changefreq" must be always | hourly | daily | weekly | monthly | yearly | never, got "dayly"; did you mean "daily"?');
    expect(error.message).toContain('"prerender.routes[0].sitemap.priority" must be a number from 0 to 1, got 1.5.');
  });

  it('a Date as lastmod is taken as its toISOString(); an invalid one is said as what it is', async () => {
    const config = await resolveConfig(lastmod(new Date('2026-11-20T10:00:00+02:00')), tempDir());
    expect(config.prerender.routes).toEqual([{ route: '/a', sitemap: { lastmod: '2026-11-20T08:00:00.000Z' } }]);
    const invalid = await catchError(() => resolveConfig(lastmod(new Date('soon')), tempDir()));
    expect(invalid.message).toBe(
      'Config key "prerender.routes[0].sitemap.lastmod" must be a W3C date such as "2026-11-21" or "2026-11-21T08:00:00Z" (a time needs its zone), or a Date, got an invalid Date (new Date() of a text it could not read).',
    );
  });

  it('a value JSON would show as another (a Map, a function, NaN) is said as what it is', async () => {
    const priority = await catchError(() => resolveConfig({ prerender: { routes: [{ route: '/a', sitemap: { priority: NaN } }] } }, tempDir()));
    expect(priority.message).toContain('got a number (NaN).');
    const map = await catchError(() => resolveConfig({ prerender: { concurrency: new Map() } } as never, tempDir()));
    expect(map.message).toContain('got a Map');
    // A date written as toISOString() gives it is taken.
    await resolveConfig(lastmod(new Date('2026-11-20T10:00:00+02:00').toISOString()), tempDir());
  });

  it('a route given alone as prerender.routes, and an address alone as prerender.sitemap: says the value meant', async () => {
    const routes = await catchError(() => resolveConfig({ prerender: { routes: '/api/posts.json' } } as never, tempDir()));
    expect(routes.message).toBe('Config key "prerender.routes" must be an array of routes, or a function returning one, got "/api/posts.json"; did you mean ["/api/posts.json"]?');
    const sitemap = await catchError(() => resolveConfig({ prerender: { sitemap: 'https://example.com' } } as never, tempDir()));
    expect(sitemap.message).toBe('Config key "prerender.sitemap" must be an object, got "https://example.com"; did you mean {"host":"https://example.com"}?');
    // A host without its scheme, as a domain is often written.
    const root = tempDir();
    const host = await catchError(() => resolveConfig({ prerender: { sitemap: { host: 'shop.example.com/' } } }, root, join(root, 'prerender.config.ts')));
    expect(host.message).toBe('Config key "prerender.sitemap.host" in prerender.config.ts must be an absolute http(s) URL such as "https://example.com", got "shop.example.com/"; did you mean "https://shop.example.com/"?');
    expect(host.hint).toBe('Set "prerender.sitemap.host" to "https://shop.example.com/" in prerender.config.ts.');
  });

  it.each([
    ['prerender.concurrency', { concurrency: '4' }, '"4"', '4'],
    ['prerender.timeout', { timeout: '5s' }, '"5s"', '5000'],
    ['prerender.timeout', { timeout: '250ms' }, '"250ms"', '250'],
    ['prerender.maxBodySize', { maxBodySize: '1048576' }, '"1048576"', '1048576'],
    ['prerender.failOnError', { failOnError: 'false' }, '"false"', 'false'],
  ])('%s written as a string (%j): says the value meant', async (key, prerender, got, meant) => {
    const root = tempDir();
    const error = await catchError(() => resolveConfig({ prerender } as never, root, join(root, 'prerender.config.mjs')));
    expect(error.message).toMatch(new RegExp(`^Config key "${key}" in prerender\\.config\\.mjs must be .*, got ${got.replace(/[.]/g, '\\.')}; did you mean ${meant}\\?$`));
    expect(error.hint).toBe(`Set "${key}" to ${meant} in prerender.config.mjs.`);
  });

  it('says every mistake of the config at once (unknown keys, then values: the top level first, then prerender), each with its hint', async () => {
    const root = tempDir();
    const config = { outdir: 'public', preset: 'netlfy', prerender: { concurency: 4, timeout: '5s', routes: ['/api/a.json'], sitemap: { host: 'example.com' } } };
    const error = await catchError(() => resolveConfig(config as never, root, join(root, 'prerender.config.ts')));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    const mistakes = [
      { message: expect.stringMatching(/^Unknown config key "outdir" in prerender\.config\.ts; did you mean "outDir"\?/), hint: expect.stringContaining('outDir') },
      { message: expect.stringMatching(/^Unknown config key "prerender\.concurency" in prerender\.config\.ts; did you mean "prerender\.concurrency"\?/), hint: expect.stringContaining('prerender.concurrency') },
      { message: expect.stringMatching(/^Config key "preset" in prerender\.config\.ts must be static \| netlify .*; did you mean "netlify"\?$/), hint: 'Set "preset" to "netlify" in prerender.config.ts.' },
      { message: expect.stringMatching(/^Config key "prerender\.timeout" in prerender\.config\.ts .*; did you mean 5000\?$/), hint: 'Set "prerender.timeout" to 5000 in prerender.config.ts.' },
      { message: expect.stringMatching(/^Config key "prerender\.sitemap\.host" .*; did you mean "https:\/\/example\.com"\?$/), hint: 'Set "prerender.sitemap.host" to "https://example.com" in prerender.config.ts.' },
    ];
    expect(error.details).toEqual(mistakes);
    const listed = (error.details as { message: string }[]).map(({ message }) => `  ${message}`);
    expect(error.message).toBe(['5 mistakes in the config:', ...listed].join('\n'));
    // Past three fixes, one that covers them all; each is in its message's "did you mean", and in details.
    expect(error.hint).toBe('Fix each key named above.');
  });

  it('says a single mistake as it is, and a config that is no object at once', async () => {
    const one = await catchError(() => resolveConfig({ prerender: { concurrency: 0 } }, tempDir()));
    expect(one.message).toBe('Config key "prerender.concurrency" must be a whole number from 1 to 1024, got 0.');
    expect(one.details).toBeUndefined();
    const notObject = await catchError(() => resolveConfig('x', tempDir()));
    expect(notObject.message).toBe('Config key "config" must be an object, got "x".');
  });

  it('a string that is no valid value gets no guess: timeout "0s"', async () => {
    const error = await catchError(() => resolveConfig({ prerender: { timeout: '0s' } } as never, tempDir()));
    expect(error.message).toBe('Config key "prerender.timeout" must be a whole number of milliseconds from 1 to 2147483647, got "0s".');
  });

  it.each([
    { route: '/api/items/:id', pattern: '":id" is the parameter id', entries: "[{ id: '1' }, { id: '2' }]" },
    { route: '/api/items/[id].json', pattern: '"[id]" is the parameter id', entries: "[{ id: '1' }, { id: '2' }]" },
    { route: '/docs/[...path]', pattern: '"[...path]" is the parameter path', entries: "[{ path: '1' }, { path: '2' }]" },
    { route: '/api/*', pattern: '"*" is a wildcard', entries: "['/api/a', '/api/b']" },
    { route: '/docs/**', pattern: '"**" is a wildcard', entries: "['/docs/a', '/docs/b']" },
    { route: '/docs/**:path', pattern: '"**:path" is the parameter path', entries: "[{ path: '1' }, { path: '2' }]" },
  ])('a route pattern in prerender.routes ($route): names the mistake and the entries to export instead', async ({ route, pattern, entries }) => {
    for (const routes of [[route], async () => [{ route }]]) {
      const error = await catchError(() => resolveConfig({ prerender: { routes } }, tempDir()));
      expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
      expect(error.message).toBe(`Config key "prerender.routes[0]${typeof routes === 'function' ? '.route' : ''}" is "${route}", a route pattern (${pattern}), not a URL: the prerender requests each listed route as it is written.`);
      expect(error.hint).toBe(`List the URLs themselves, or have the route file serving the pattern list them: export const entries = () => ${entries}; from it (see "Routes that list their own URLs" in the README).`);
    }
  });

  it.each(['/api/items/1', '/api/a:b', '/x/[draft', '/api/star*', '/'])('%s is a URL, no pattern', async (route) => {
    const { prerender } = await resolveConfig({ prerender: { routes: [route] } }, tempDir());
    expect(prerender.routes.map((entry) => entry.route)).toEqual([route]);
  });

  const rename = (meant: string) => `Rename the key to ${meant}, or remove it.`;
  it.each([
    ['a misspelt top-level key', { outdir: 'x' }, '"outdir"', '"outDir"', rename('"outDir"')],
    // Renamed "prerender.concurrency", the key would still be one at the top: it is to be moved.
    ['a prerender key at the top', { concurrency: 4 }, '"concurrency"', '"prerender.concurrency"', 'Move the key into "prerender" as "concurrency" (prerender: { concurrency: ... }), or remove it.'],
    ['a misspelt prerender key at the top', { concurency: 4 }, '"concurency"', '"prerender.concurrency"', 'Move the key into "prerender" as "concurrency" (prerender: { concurrency: ... }), or remove it.'],
    ['a sitemap key at the top', { host: 'https://x.com' }, '"host"', '"prerender.sitemap.host"', 'Move the key into "prerender.sitemap" as "host" (prerender: { sitemap: { host: ... } }), or remove it.'],
    ['a misspelt prerender key', { prerender: { concurency: 4 } }, '"prerender.concurency"', '"prerender.concurrency"', rename('"prerender.concurrency"')],
    ['a key in the wrong case', { prerender: { failonerror: false } }, '"prerender.failonerror"', '"prerender.failOnError"', rename('"prerender.failOnError"')],
    ['a top-level key inside prerender', { prerender: { outDir: 'x' } }, '"prerender.outDir"', '"outDir"', 'Move the key out of "prerender" to the top level as "outDir", or remove it.'],
    ['a misspelt sitemap key', { prerender: { sitemap: { hots: 'https://x.com' } } }, '"prerender.sitemap.hots"', '"prerender.sitemap.host"', rename('"prerender.sitemap.host"')],
    ['a misspelt retry key', { prerender: { retry: { atempts: 2 } } }, '"prerender.retry.atempts"', '"prerender.retry.attempts"', rename('"prerender.retry.attempts"')],
    ['a misspelt crawl key', { prerender: { crawl: { limt: 5 } } }, '"prerender.crawl.limt"', '"prerender.crawl.limit"', rename('"prerender.crawl.limit"')],
    ['a misspelt route entry key', { prerender: { routes: [{ rout: '/a' }] } }, '"prerender.routes[0].rout"', '"prerender.routes[0].route"', rename('"prerender.routes[0].route"')],
    ['a route entry\'s path, as other tools call it', { prerender: { routes: [{ path: '/a' }] } }, '"prerender.routes[0].path"', '"prerender.routes[0].route"', rename('"prerender.routes[0].route"')],
    ['a route entry\'s url', { prerender: { routes: [{ url: '/a' }] } }, '"prerender.routes[0].url"', '"prerender.routes[0].route"', rename('"prerender.routes[0].route"')],
    ["the sitemap's address as the sitemap package calls it", { prerender: { sitemap: { hostname: 'https://x.com' } } }, '"prerender.sitemap.hostname"', '"prerender.sitemap.host"', rename('"prerender.sitemap.host"')],
  ])('%s: the error suggests the key meant, and the hint how to get there', async (_, config, key, meant, hint) => {
    const error = await catchError(() => resolveConfig(config, tempDir()));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message).toContain(`Unknown config key ${key}; did you mean ${meant}?`);
    expect(error.hint).toBe(hint);
  });

  it('a key with nothing alike: the keys allowed, after a semicolon in lower case', async () => {
    const error = await catchError(() => resolveConfig({ prerender: { sitemap: { zzz: 1 } } } as never, tempDir()));
    expect(error.message).toBe('Unknown config key "prerender.sitemap.zzz"; the keys allowed here are prerender.sitemap.host.');
  });

  it('names every bad entry of prerender.routes in one error, from a list and from a generator alike', async () => {
    const routes = ['/ok', 'api/a', '/b?page=2', { route: '/c', sitemap: { priority: 2 } }, '/ok/too'];
    function* generated() {
      yield* routes;
    }
    for (const given of [routes, generated]) {
      const error = await catchError(() => resolveConfig({ prerender: { routes: given } }, tempDir()));
      expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
      expect(error.message).toBe(
        [
          '3 mistakes in prerender.routes:',
          '  Config key "prerender.routes[1]" must be a path starting with "/", got "api/a"; did you mean "/api/a"?',
          '  Config key "prerender.routes[2]" must be a path without query (?) or fragment (#): a file name cannot hold one, got "/b?page=2".',
          '  Config key "prerender.routes[3].sitemap.priority" must be a number from 0 to 1, got 2.',
        ].join('\n'),
      );
    }
  });

  it('counts the mistakes of prerender.routes, listed under it, in the config\'s count', async () => {
    const error = await catchError(() => resolveConfig({ prerender: { routes: ['a', 'b'], sitemap: { host: 'example.com' } } }, tempDir()));
    expect(error.message.split('\n').slice(0, 2)).toEqual(['3 mistakes in the config:', '  2 mistakes in prerender.routes:']);
  });

  it('says one fix for a list with more kinds of mistakes than a hint can hold', async () => {
    const routes = ['a', '/b#top', { route: '/c', sitemap: { priority: 2 } }, { route: '/d', sitemap: { changefreq: 'often' } }, '/e/[id]'];
    const root = tempDir();
    const error = await catchError(() => resolveConfig({ prerender: { routes } }, root, join(root, 'prerender.config.mjs')));
    expect(error.message.split('\n')[0]).toBe('5 mistakes in prerender.routes (prerender.config.mjs):');
    expect(error.hint).toBe('Fix each route named above in prerender.config.mjs.');
  });

  it('suggests nothing for a key close to none', async () => {
    const error = await catchError(() => resolveConfig({ frobnicate: 1 }, tempDir()));
    expect(error.message).not.toContain('did you mean');
    expect(error.hint).toBe('Check the spelling of the key, or remove it.');
  });

  it.each([
    [{ attempts: 3 }, { attempts: 3, delay: 500 }],
    [{ attempts: 1, delay: 0 }, { attempts: 1, delay: 0 }],
    [false, undefined],
  ])('retry %j resolves to %j', async (retry, resolved) => {
    expect((await resolveConfig({ prerender: { retry } }, tempDir())).prerender.retry).toEqual(resolved);
  });

  it.each(['warn', 'error', false] as const)('validate %j is kept', async (validate) => {
    expect((await resolveConfig({ prerender: { validate } }, tempDir())).prerender.validate).toBe(validate);
  });

  it.each(['warn', 'error', false] as const)('links %j is kept', async (links) => {
    expect((await resolveConfig({ prerender: { links } }, tempDir())).prerender.links).toBe(links);
  });

  it.each(['2026', '2026-11', '2026-11-21', '2024-02-29', '2026-11-21T08:00Z', '2026-11-21T08:00:30.5+02:00'])('lastmod %s is a W3C date', async (value) => {
    const config = await resolveConfig(lastmod(value), tempDir());
    expect(config.prerender.routes[0].sitemap).toEqual({ lastmod: value });
  });

  it('wraps a routes function that throws', async () => {
    const routes = async () => {
      throw new Error('database down');
    };
    const error = await catchError(() => resolveConfig({ prerender: { routes } }, tempDir()));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_ENTRIES', 1]);
    expect(error.message).toBe('The function given as prerender.routes in the config failed: database down');
  });

  it.each([
    ['outDir is the root', { outDir: '..', name: 'inner' }, 'which holds the site root'],
    ['outDir above the root', { outDir: '../..', name: 'site' }, 'which holds the site root'],
    ['output folder holds routesDir', { outDir: 'src', name: 'server' }, 'which holds routesDir'],
    ['output folder is publicDir', { outDir: '.', name: 'public' }, 'which holds publicDir'],
    ['publicDir holds outDir', { publicDir: '.' }, 'Config key "outDir" (<root>/dist) lies inside publicDir (<root>): the build'],
    ['routesDir holds outDir', { routesDir: '.', outDir: 'out' }, 'lies inside routesDir'],
    ['outDir is the default publicDir', { outDir: 'public' }, `Config key "outDir" (<root>/public) is the same folder as publicDir (<root>/public, publicDir's default)`],
  ])('refuses an output folder that would swallow the site: %s', async (_, paths, message) => {
    const root = join(tempDir(), 'site', 'inner');
    const error = await catchError(() => resolveConfig(paths, root));
    expect([error.code, error.exitCode]).toEqual(['CONFIG', 2]);
    expect(error.message.replaceAll(root, '<root>')).toContain(message);
  });
});

describe('cache and cacheDir', () => {
  it('take a boolean and a path from the site root', async () => {
    const root = tempDir();
    expect(await resolveConfig({ cache: false, cacheDir: '.cache/builds' }, root)).toMatchObject({ cache: false, cacheDir: join(root, '.cache/builds') });
    for (const [config, key] of [[{ cache: 'no' }, 'cache'], [{ cacheDir: '' }, 'cacheDir'], [{ cacheDir: 3 }, 'cacheDir']] as const) {
      const error = await catchError(() => resolveConfig(config, root));
      expect([error.code, error.message]).toEqual(['CONFIG', expect.stringContaining(`Config key "${key}"`)]);
    }
  });

  it.each([
    ['inside the output folder', { cacheDir: 'dist/site' }, 'inside the output folder'],
    ['holding the output folder', { cacheDir: '.', outDir: 'site' }, 'which holds the output folder'],
    ['inside publicDir, which is published', { cacheDir: 'public/.cache' }, 'inside publicDir'],
    ['inside routesDir', { cacheDir: 'src/server/routes/cache' }, 'inside routesDir'],
    ['holding routesDir', { cacheDir: '.', name: 'src' }, 'which holds routesDir'],
    ['holding the site root', { cacheDir: '..', name: 'inner' }, 'which holds the site root'],
  ])('refuses a cache %s', async (_, paths, message) => {
    const root = join(tempDir(), 'site', 'inner');
    const error = await catchError(() => resolveConfig({ name: 'site', ...paths }, root));
    expect([error.code, error.exitCode, error.hint]).toEqual(['CONFIG', 2, expect.stringContaining('cacheDir')]);
    expect(error.message).toContain(message);
  });
});

describe('mergeConfig', () => {
  it('puts the overrides over the file, merging prerender one level deep', () => {
    const routes = ['/a'];
    const base = { name: 'a', apiPrefix: 'x', prerender: { routes, timeout: 5, sitemap: { host: 'https://x.com' } } };
    expect(mergeConfig(base, { apiPrefix: 'y', prerender: { concurrency: 2 } })).toEqual({
      name: 'a',
      apiPrefix: 'y',
      prerender: { routes, timeout: 5, concurrency: 2, sitemap: { host: 'https://x.com' } },
    });
  });

  it('leaves the file value alone for an override set to undefined', () => {
    expect(mergeConfig({ apiPrefix: 'x', prerender: { timeout: 5 } }, { apiPrefix: undefined, prerender: { timeout: undefined } })).toEqual({
      apiPrefix: 'x',
      prerender: { timeout: 5 },
    });
  });

  it('keeps either side when the other has no prerender', () => {
    expect(mergeConfig({ prerender: { timeout: 5 } }, {})).toEqual({ prerender: { timeout: 5 } });
    expect(mergeConfig({}, { prerender: { timeout: 5 } })).toEqual({ prerender: { timeout: 5 } });
  });
});
