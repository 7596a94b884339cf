/**
 * prerender.links on whole builds: broken links in HTML (href, src, <base href>), RSS (<link>,
 * <enclosure url>), Atom, JSON strings, publicDir files and sitemaps are reported with the page they
 * are on; links to written files, publicDir files and routes the server answers with a 2xx are not.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/report/build-report.ts';
import type { Warning } from '../../src/warnings.ts';
import { buildSite, route, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { snapshotTree } from '../support/tree-snapshot.ts';

const host = 'https://example.com';
const typed = (type: string, body: string) => route(`(event) => { setHeader(event, 'content-type', ${JSON.stringify(type)}); return ${body}; }`, 'defineEventHandler, getRouterParam, setHeader, createError');
const html = (body: string) => typed('text/html; charset=utf-8', body);

const home = [
  '<!doctype html><link rel="stylesheet" href="/style.css"><script src="/app.js"></script>',
  // Written later in the sorted order (a forward link), with a fragment, with a query, and a folder index.
  '<a href="/about">a</a><a href="/about#team">b</a><a href="/about?tab=1">c</a><a href="/docs/">d</a><a href="docs">e</a>',
  // publicDir files, and a publicDir folder's index.html.
  '<img src="/logo.png"><a href="/help/">help</a>',
  // Not prerendered: the server answers 200 (fine), 404 from the handler, 500, a route for POST only, and no route at all.
  '<a href="/api/live">live</a><a href="/api/gone">gone</a><img src="/api/boom"><a href="/api/subscribe">subscribe</a>',
  '<a href="/missing">missing</a><a href="/missing">again</a><a href="/About">case</a>',
  // Other hosts and schemes are not checked.
  '<a href="https://other.example/nothing">o</a><a href="mailto:me@example.com">m</a><a href="//other.example/x">p</a>',
].join('');

const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
  <title>Posts</title><link>${host}/</link><description>All posts</description>
  <atom:link href="${host}/feed.xml" rel="self" type="application/rss+xml"/>
  <item><title>One</title><link>${host}/posts/1</link><enclosure url="${host}/media/1.mp3" length="3" type="audio/mpeg"/></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>urn:x</id><title>A</title><updated>2026-11-23T08:00:00Z</updated>
  <link href="${host}/atom.xml" rel="self"/><link href="/about"/>
  <entry><id>urn:1</id><title>One</title><updated>2026-11-23T08:00:00Z</updated><link href="entries/1"/></entry>
</feed>`;

const items = { items: ['/api/items/1.json', '/api/items/2.json'], next: `${host}/api/items/3.json`, note: 'plain text' };

/** The files of the link site; `config` is the value of `prerender`'s other keys. */
function linkSite(config = '', extra: Record<string, string> = {}): string {
  return writeSite({
    'src/server/routes/index.ts': html(JSON.stringify(home)),
    'src/server/routes/about.ts': html(`'<h1>About</h1><a href="/">home</a><a href="/missing#top">missing too</a>'`),
    'src/server/routes/docs.ts': html(`'<base href="/guide/"><a href="intro">intro</a><a href="../about">about</a>'`),
    'src/server/routes/feed.xml.ts': typed('application/rss+xml', JSON.stringify(rss)),
    'src/server/routes/atom.xml.ts': typed('application/atom+xml', JSON.stringify(atom)),
    'src/server/routes/api/items.json.ts': route(`() => (${JSON.stringify(items)})`),
    'src/server/routes/api/items/[id].json.ts': route(
      `(event) => { const id = Number(getRouterParam(event, 'id')); if (id > 2) throw createError({ statusCode: 404, statusMessage: 'No item ' + id }); return { id, list: '/api/items.json' }; }`,
      'defineEventHandler, getRouterParam, createError',
    ),
    'src/server/routes/api/live.ts': route(`() => ({ live: true })`),
    'src/server/routes/api/gone.ts': route(`() => { throw createError({ statusCode: 404, statusMessage: 'Gone for good' }); }`, 'defineEventHandler, createError'),
    'src/server/routes/api/boom.ts': route(`() => { throw new Error('boom'); }`),
    'src/server/routes/api/subscribe.post.ts': route(`() => ({ subscribed: true })`),
    'public/logo.png': 'png',
    'public/style.css': 'a { color: red }',
    'public/app.js': 'console.log(1)',
    'public/help/index.html': '<a href="/about">about</a><a href="/old-page">old</a><a href="../logo.png">logo</a><a href="/team">team</a>',
    'public/team.html': '<h1>Team</h1>',
    'public/data.json': JSON.stringify({ href: '/api/items/9.json', self: '/data.json' }),
    'public/more-pages.xml': `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${host}/about</loc></url><url><loc>${host}/nowhere</loc></url></urlset>`,
    ...extra,
    'prerender.config.mjs': `export default { name: 'links', prerender: { routes: ${JSON.stringify(listed)}, sitemap: { host: '${host}' }${config} } };`,
  });
}

const listed = ['/', '/about', '/docs', '/feed.xml', '/atom.xml', '/api/items.json', '/api/items/1.json', '/api/items/2.json'];
const broken = (report: BuildReport) => report.warnings.filter((warning) => warning.code === 'BROKEN_LINK');
const brief = (warning: Warning) => `${warning.route} ${warning.link} -> ${warning.target}`;

describe("prerender.links: 'warn' (the default)", () => {
  let report: BuildReport;
  let dir: string;
  let lines: string[];

  beforeAll(async () => {
    const built = await buildSite(linkSite());
    ({ report, dir } = built);
    lines = built.logger.lines;
  });

  it('publishes the build, warning once per broken link target with the page it was first found on', () => {
    expect(report.failed).toBe(0);
    expect(existsSync(join(dir, 'public/index.html'))).toBe(true);
    expect(broken(report).map(brief)).toEqual([
      // The routes' pages in the order rendered (sorted by route), then publicDir files.
      '/ /api/gone -> /api/gone',
      '/ /api/boom -> /api/boom',
      '/ /api/subscribe -> /api/subscribe',
      '/ /missing -> /missing',
      '/ /About -> /About',
      '/api/items.json https://example.com/api/items/3.json -> /api/items/3.json',
      '/atom.xml entries/1 -> /entries/1',
      '/docs intro -> /guide/intro',
      '/feed.xml https://example.com/posts/1 -> /posts/1',
      '/feed.xml https://example.com/media/1.mp3 -> /media/1.mp3',
      '/data.json /api/items/9.json -> /api/items/9.json',
      '/help/index.html /old-page -> /old-page',
      '/help/index.html /team -> /team',
      '/more-pages.xml https://example.com/nowhere -> /nowhere',
    ]);
  });

  it('says why each is broken: no route, a route for another method only, or the status and message the server answered', () => {
    const message = (link: string) => broken(report).find((warning) => warning.link === link)?.message;
    expect(message('/missing')).toBe('Broken link "/missing" on /, also on /about: no file or route serves it.');
    expect(message('/api/gone')).toBe('Broken link "/api/gone" on /: the server answers 404: Gone for good.');
    expect(message('/api/boom')).toBe('Broken link "/api/boom" on /: the server answers 500: the handler threw Error: boom.');
    expect(message('/api/subscribe')).toBe('Broken link "/api/subscribe" on /: src/server/routes/api/subscribe.post.ts answers POST only, and following a link is a GET.');
    expect(message('intro')).toBe('Broken link "intro" on /docs (resolves to /guide/intro): no file or route serves it.');
    expect(message(`${host}/api/items/3.json`)).toBe(`Broken link "${host}/api/items/3.json" on /api/items.json (resolves to /api/items/3.json): the server answers 404: No item 3.`);
    expect(lines).toContain('warning Broken link "/old-page" on /help/index.html: no file or route serves it.');
  });

  it('names the page a broken link names without its .html, which only some hosts serve at both', () => {
    expect(broken(report).find((warning) => warning.link === '/team')!.message).toBe(
      'Broken link "/team" on /help/index.html: no file or route serves it: link to /team.html, the page it names without its .html (GitHub Pages, Netlify and Cloudflare Pages serve it at both; preview, the built server, nginx and Caddy only at /team.html).',
    );
  });

  it('names the file a broken link differs from only in case: a host on Linux answers 404 where macOS served it', () => {
    const about = broken(report).find((warning) => warning.link === '/About');
    expect(about).toMatchObject({ target: '/About', spelt: '/about' });
    expect(about!.message).toBe('Broken link "/About" on /: no file serves it as spelt: link to /about, the file it differs from only in case (hosts on Linux tell cases apart; macOS and Windows do not).');
  });

  it('names the file a link differs from only in case where a route matched it and answered 404 (a [slug] asked for /blog/Hello)', async () => {
    const root = writeSite({
      'src/server/routes/index.ts': html(`'<a href="/blog/Hello">hello</a><a href="/blog/Nope">nope</a>'`),
      'src/server/routes/blog/[slug].ts': route(
        `(event) => { const slug = getRouterParam(event, 'slug'); if (slug !== 'hello') throw createError({ statusCode: 404, statusMessage: 'No post ' + slug }); setHeader(event, 'content-type', 'text/html'); return '<h1>hello</h1>'; }`,
        'defineEventHandler, getRouterParam, setHeader, createError',
      ),
    });
    const { report: built } = await buildSite(root, { config: { prerender: { routes: ['/', '/blog/hello'] } } });
    expect(broken(built).map((warning) => warning.message)).toEqual([
      'Broken link "/blog/Hello" on /: no file serves it as spelt: link to /blog/hello, the file it differs from only in case (hosts on Linux tell cases apart; macOS and Windows do not).',
      'Broken link "/blog/Nope" on /: the server answers 404: No post Nope.',
    ]);
  });

  it('names every page a broken target is on, not only the first', () => {
    const missing = broken(report).find((warning) => warning.target === '/missing');
    expect(missing).toMatchObject({ route: '/', link: '/missing', alsoOn: ['/about'], pages: 2 });
    expect(broken(report).filter((warning) => warning.target === '/missing')).toHaveLength(1);
  });

  it('passes written routes, forward links, fragments, queries, folder indexes, publicDir files and 2xx routes', () => {
    const targets = broken(report).map((warning) => warning.target);
    for (const good of ['/about', '/docs', '/style.css', '/app.js', '/logo.png', '/help', '/api/live', '/', '/feed.xml', '/atom.xml', '/api/items.json', '/data.json']) {
      expect(targets).not.toContain(good);
    }
    // Asked of the server, never written.
    expect(existsSync(join(dir, 'public/api/live'))).toBe(false);
    expect(existsSync(join(dir, 'public/api/live.json'))).toBe(false);
  });

  it('finds no broken link in the generated sitemap, whose <loc> of a folder route (/docs/, written docs/index.html) resolves', () => {
    expect(readFileSync(join(dir, 'public/sitemap.xml'), 'utf8')).toContain(`<loc>${host}/docs/</loc>`);
    expect(broken(report).filter((warning) => warning.route === '/sitemap.xml')).toEqual([]);
  });

  it('leaves other hosts, schemes and protocol-relative links to other hosts alone', () => {
    expect(broken(report).map((warning) => warning.link).filter((link) => /other\.example|mailto/.test(link!))).toEqual([]);
  });
});

describe("prerender.links: 'error' and false", () => {
  it("'error' exits 1 with BROKEN_LINKS, publishes nothing and leaves the previous output byte-identical", async () => {
    const outDir = tempDir('out-');
    const root = linkSite();
    const config = (links: string) => `export default { name: 'links', outDir: ${JSON.stringify(outDir)}, prerender: { routes: ${JSON.stringify(listed)}, sitemap: { host: '${host}' }, links: ${links} } };`;
    writeSite({ 'prerender.config.mjs': config('false') }, root);
    expect((await runCli(['build', root, '--no-typecheck'])).code).toBe(0);
    const before = snapshotTree(outDir);
    writeSite({ 'prerender.config.mjs': config("'error'") }, root);
    const cli = await runCli(['build', root, '--no-typecheck', '--json']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('14 broken links in the output (prerender.links is "error"); nothing was published:');
    expect(cli.stderr).toContain('  Broken link "/missing" on /, also on /about: no file or route serves it.');
    expect(cli.stderr).toContain('set prerender.links to "warn"');
    const { error } = JSON.parse(cli.stdout) as { error: { code: string; links: Warning[] } };
    expect(error.code).toBe('BROKEN_LINKS');
    expect(error.links).toHaveLength(14);
    expect(error.links[0]).toEqual({ code: 'BROKEN_LINK', route: '/', link: '/api/gone', target: '/api/gone', message: 'Broken link "/api/gone" on /: the server answers 404: Gone for good.' });
    expect(snapshotTree(outDir)).toEqual(before);
    expect(readdirSync(outDir)).toEqual(['links']);
  });

  it('false reads no link', async () => {
    const { report } = await buildSite(linkSite(', links: false'));
    expect(broken(report)).toEqual([]);
  });

  it("'warn' with --json lists each BROKEN_LINK with its route, link and target", async () => {
    const cli = await runCli(['build', linkSite(), '--no-typecheck', '--json']);
    expect(cli.code).toBe(0);
    const json = JSON.parse(cli.stdout) as BuildReport;
    const listedLinks = json.warnings.filter((warning) => warning.code === 'BROKEN_LINK');
    expect(listedLinks).toHaveLength(14);
    expect(listedLinks.find((warning) => warning.link === '/old-page')).toEqual({
      code: 'BROKEN_LINK',
      route: '/help/index.html',
      link: '/old-page',
      target: '/old-page',
      message: 'Broken link "/old-page" on /help/index.html: no file or route serves it.',
    });
  });
});

describe('many broken links', () => {
  it('lists the first 100, one warning each, then a count', async () => {
    const links = Array.from({ length: 130 }, (_, i) => `<a href="/gone/${i}">${i}</a>`).join('');
    const root = writeSite({
      'src/server/routes/index.ts': html(JSON.stringify(links)),
      'prerender.config.mjs': `export default { name: 'many', prerender: { routes: ['/'] } };`,
    });
    const { report } = await buildSite(root);
    const warnings = broken(report);
    expect(warnings).toHaveLength(101);
    expect(warnings[0].link).toBe('/gone/0');
    expect(warnings[99].link).toBe('/gone/99');
    expect(warnings[100]).toEqual({ code: 'BROKEN_LINK', message: '... and 30 more broken links, not listed (only the first 100 are).' });
  });

  // The CLI's build listens for Ctrl-C; each target asked of the server listened on that one signal,
  // and from 11 at once Node printed its MaxListenersExceededWarning on the user's terminal.
  it('asked of the server 16 at once, print no Node warning from the CLI', async () => {
    const links = Array.from({ length: 40 }, (_, i) => `<a href="/api/items/${i}.json">${i}</a>`).join('');
    const root = writeSite({
      'src/server/routes/index.ts': html(JSON.stringify(links)),
      'src/server/routes/api/items/[id].json.ts': route(
        `(event) => { const id = Number(getRouterParam(event, 'id')); if (id >= 30) throw createError({ statusCode: 404, statusMessage: 'No item ' + id }); return { id }; }`,
        'defineEventHandler, getRouterParam, createError',
      ),
      'prerender.config.mjs': `export default { name: 'asked', prerender: { routes: ['/'] } };`,
    });
    const { code, stderr } = await runCli(['build', root, '--no-typecheck']);
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/MaxListeners|\(node:\d+\)/);
    // Every target was asked: the 10 the server answers 404 are broken, the 30 it answers 200 are not.
    const brokenLines = stderr.split('\n').filter((line) => line.startsWith('warning Broken link'));
    expect(brokenLines).toEqual(Array.from({ length: 10 }, (_, i) => `warning Broken link "/api/items/${30 + i}.json" on /: the server answers 404: No item ${30 + i}.`));
  });
});

describe('prerender.links with prerender.crawl', () => {
  it('links the crawl renders are written, so not broken; links no route serves, which it skips, are', async () => {
    const root = writeSite({
      'src/server/routes/index.ts': html(`'<a href="/posts/1">one</a><a href="/posts/2/">two</a><a href="/nothing">x</a>'`),
      'src/server/routes/posts/[id].ts': html(`'<h1>' + getRouterParam(event, 'id') + '</h1><a href="/">home</a><a href="/posts/1">one</a>'`),
      'prerender.config.mjs': `export default { name: 'crawled', prerender: { routes: ['/'], crawl: true } };`,
    });
    const { report, dir } = await buildSite(root);
    expect(report.crawled).toBe(2);
    expect(readFileSync(join(dir, 'public/posts/2/index.html'), 'utf8')).toContain('<h1>2</h1>');
    expect(broken(report).map(brief)).toEqual(['/ /nothing -> /nothing']);
  });
});

describe('prerender.links for a host that serves files alone (a static preset)', () => {
  const site = (preset: string) =>
    writeSite({
      'src/server/routes/api/items/[id].json.ts': route(`(event) => { const id = Number(getRouterParam(event, 'id')); return { id, next: '/api/items/' + (id + 1) + '.json' }; }`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'static', preset: '${preset}', prerender: { routes: ['/api/items/1.json', '/api/items/2.json'] } };`,
    });

  it.each([
    ['github-pages', 'GitHub Pages'],
    ['netlify', 'Netlify'],
  ])('%s: a link only a route answers is broken, as the host answers it 404', async (preset, host) => {
    const { report, dir } = await buildSite(site(preset));
    expect(existsSync(join(dir, 'public/api/items/3.json'))).toBe(false);
    expect(broken(report).map((warning) => warning.message)).toEqual([
      `Broken link "/api/items/3.json" on /api/items/2.json: no file is written for it, and ${host} serves files alone: only the built server (server/index.mjs), which ${host} does not run, has a route answer it. Prerender it (list it in prerender.routes or a route file's entries, or turn on prerender.crawl), or link to a page that is written.`,
    ]);
  });

  it('the default preset (static, deployed with its server or not) asks the server, whose 2xx passes, and says which links only a route answers', async () => {
    const { report, logger } = await buildSite(site('static'));
    expect(broken(report)).toEqual([]);
    expect(logger.lines.filter((line) => line.startsWith('links: '))).toEqual([
      'links: 1 link leads to routes not prerendered, which server/index.mjs answers and public/ alone does not: /api/items/3.json (on /api/items/2.json). Prerender them to publish them as files; build with a host\'s preset (--preset netlify) to have them checked as that host serves public/',
    ]);
    expect(report.serverOnlyLinks).toEqual({ count: 1, links: [{ target: '/api/items/3.json', foundOn: '/api/items/2.json', pages: 1 }] });
  });

  it('names how many pages each such link is on, in the log, build()/--json and report.html', async () => {
    const root = writeSite({
      'src/server/routes/index.ts': html(`'<a href="/api/live">live</a><a href="/api/other">other</a>'`),
      'src/server/routes/about.ts': html(`'<a href="/api/live">live</a>'`),
      'src/server/routes/api/live.ts': route(`() => ({ live: true })`),
      'src/server/routes/api/other.ts': route(`() => ({ other: true })`),
      'prerender.config.mjs': `export default { name: 'live', prerender: { routes: ['/', '/about'] } };`,
    });
    const { report, logger, dir } = await buildSite(root);
    const shown = '/api/live (on / and 1 more page), /api/other (on /)';
    expect(logger.lines.find((line) => line.startsWith('links: '))).toContain(`public/ alone does not: ${shown}. `);
    expect(report.serverOnlyLinks).toEqual({
      count: 2,
      links: [
        { target: '/api/live', foundOn: '/', pages: 2 },
        { target: '/api/other', foundOn: '/', pages: 1 },
      ],
    });
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`<dt>Links only a route answers</dt><dd>2 links, which server/index.mjs answers and public/ alone does not: ${shown}</dd>`);
  });
});

/** A route answering `body` as HTML, its type set on the response h3 gives the handler. */
const page = (body: string) => route(`(event) => { event.res.headers.set('content-type', 'text/html; charset=utf-8'); return ${JSON.stringify(body)}; }`);

describe('a relative link written as if its page were a file', () => {
  it('names the sibling it meant: the page is served at its folder, where the link resolves one level down', async () => {
    const root = writeSite({
      'src/server/routes/docs/intro.ts': page('<a href="setup">Setup</a> <a href="#top">Top</a>'),
      'src/server/routes/docs/setup.ts': page('<h1>Setup</h1>'),
    });
    const { report } = await buildSite(root, { config: { prerender: { routes: ['/docs/intro', '/docs/setup'] } } });
    expect(report.warnings.filter((warning) => warning.code === 'BROKEN_LINK').map((warning) => warning.message)).toEqual([
      'Broken link "setup" on /docs/intro (resolves to /docs/intro/setup): no file or route serves it: the page is a folder\'s index.html, served at its folder\'s URL, from which a relative link resolves one level down; link to /docs/setup (written from the page: ../setup).',
    ]);
  });
});

describe('a page listed by its index.html (`/handbook/index.html`)', () => {
  it('resolves its relative links from its folder, as hosts serve it, and is listed as its folder in the sitemap', async () => {
    const root = writeSite({
      'src/server/routes/index.html.ts': page('<a href="guide/intro">Intro</a> <a href="handbook/">Handbook</a>'),
      'src/server/routes/handbook/index.html.ts': page('<a href="chapter">Chapter</a> <a href="../guide/intro">Intro</a>'),
      'src/server/routes/handbook/chapter.ts': page('<h1>Chapter</h1>'),
      'src/server/routes/guide/intro.ts': page('<h1>Intro</h1>'),
    });
    const { report, dir } = await buildSite(root, { config: { prerender: { routes: ['/index.html', '/handbook/index.html', '/handbook/chapter', '/guide/intro'], sitemap: { host } } } });
    expect(report.warnings.filter((warning) => warning.code === 'BROKEN_LINK')).toEqual([]);
    const sitemap = readFileSync(join(dir, 'public/sitemap.xml'), 'utf8');
    expect([...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]).sort()).toEqual([`${host}/`, `${host}/guide/intro/`, `${host}/handbook/`, `${host}/handbook/chapter/`]);
  });
});

describe('links of images, feeds and the http:// spelling of the site', () => {
  it('checks every srcset and poster URL (escaped commas and @ decoded as servers do), RSS <comments>, permalink <guid> and <image><url>, and http:// links to the https site', async () => {
    const feed = [
      '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link><description>D</description>',
      '<image><url>https://example.com/feed-logo.png</url><title>T</title><link>https://example.com/</link></image>',
      '<item><title>1</title><link>https://example.com/posts/1</link><guid>https://example.com/posts/one</guid><comments>https://example.com/posts/1/comments</comments></item>',
      '<item><title>2</title><link>https://example.com/posts/1</link><guid isPermaLink="false">post-2</guid></item>',
      '</channel></rss>',
    ].join('');
    const root = writeSite({
      // A comma in a srcset URL is written %2C: the file a,b.png serves it, as every server decodes it.
      'src/server/routes/index.ts': page('<img src="/a.png" srcset="/a.png 1x, /a@2x.png 2x"><img srcset="/a%2Cb.png 1x, /b%402x.png 2x"><video poster="/poster.jpg"></video><a href="http://example.com/posts/1">1</a><a href="http://example.com/old">old</a>'),
      'src/server/routes/posts/1.ts': page('<h1>One</h1>'),
      'src/server/routes/feed.xml.ts': typed('application/rss+xml', JSON.stringify(feed)),
      'public/a.png': 'png',
      'public/a,b.png': 'png',
      'public/b@2x.png': 'png',
    });
    const { report } = await buildSite(root, { config: { prerender: { routes: ['/', '/posts/1', '/feed.xml'], sitemap: { host } } } });
    expect(broken(report).map(brief)).toEqual([
      '/ /a@2x.png -> /a@2x.png',
      '/ /poster.jpg -> /poster.jpg',
      '/ http://example.com/old -> /old',
      '/feed.xml https://example.com/feed-logo.png -> /feed-logo.png',
      '/feed.xml https://example.com/posts/one -> /posts/one',
      '/feed.xml https://example.com/posts/1/comments -> /posts/1/comments',
    ]);
  });
});
