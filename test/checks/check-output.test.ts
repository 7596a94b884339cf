/**
 * `prerender.validate` (src/checks/check-output.ts): every prerendered JSON, XML, RSS and Atom body
 * checked, its problems warnings (or, with 'error', one failure of the build) naming the route.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/report/build-report.ts';
import { checkFile, createOutputChecks } from '../../src/checks/check-output.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchErrorSync } from '../support/catch-error.ts';
import { buildSite, route, runCli, writeSite } from '../support/helpers.ts';

/** A route file answering `body` with content type `type`. */
const typed = (type: string, body: string) =>
  route(`(event) => { setHeader(event, 'content-type', ${JSON.stringify(type)}); return ${JSON.stringify(body)}; }`, 'defineEventHandler, setHeader');

const rss = (channel: string, items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n${channel}\n${items}\n</channel>\n</rss>\n`;
const channel = '<title>Blog</title><link>https://blog.example.com/</link><description>Posts</description><lastBuildDate>Mon, 23 Nov 2026 08:00:00 GMT</lastBuildDate>';
const item = (n: number, extra = '') =>
  `<item><title>Post ${n}</title><link>https://blog.example.com/posts/${n}</link><guid>https://blog.example.com/posts/${n}</guid><pubDate>Sun, 22 Nov 2026 10:00:00 +0100</pubDate>${extra}</item>`;
const atom = (entries: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.com/">\n` +
  `<id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id><title>Blog</title><updated>2026-11-23T08:00:00Z</updated>\n${entries}\n</feed>\n`;
const entry = (n: number, extra = '') =>
  `<entry><id>tag:blog.example.com,2026:${n}</id><title>Post ${n}</title><updated>2026-11-22T10:00:00+01:00</updated><link href="/posts/${n}"/>${extra}</entry>`;

const rssType = 'application/rss+xml; charset=utf-8';
const files: Record<string, string> = {
  'src/server/routes/feeds/good.xml.ts': typed(rssType, rss(channel, item(1) + item(2))),
  'src/server/routes/feeds/atom.xml.ts': typed('application/atom+xml', atom(entry(1) + entry(2, '<published>2026-11-21T09:30:00.5-05:00</published>'))),
  'src/server/routes/feeds/no-link.xml.ts': typed(rssType, rss('<title>Blog</title><description>Posts</description>', item(1))),
  'src/server/routes/feeds/bad-date.xml.ts': typed(rssType, rss(channel, item(1).replace('Sun, 22 Nov 2026 10:00:00 +0100', '2026-11-22 10:00'))),
  'src/server/routes/feeds/wrong-weekday.xml.ts': typed(rssType, rss(channel, item(1).replace('Sun, 22 Nov 2026 10:00:00 +0100', 'Tue, 22 Nov 2026 10:00:00 +0100'))),
  'src/server/routes/feeds/relative.xml.ts': typed(rssType, rss(channel, item(1).replace('https://blog.example.com/posts/1</link>', '/posts/1</link>'))),
  'src/server/routes/feeds/spaced.xml.ts': typed(rssType, rss(channel, item(1).replace('https://blog.example.com/posts/1</link>', 'https://blog.example.com/posts/café au lait.json</link>'))),
  'src/server/routes/feeds/twice.xml.ts': typed(rssType, rss(channel, item(1) + item(2).replace('posts/2</guid>', 'posts/1</guid>'))),
  'src/server/routes/feeds/twenty-dates.xml.ts': typed(rssType, rss(channel, Array.from({ length: 20 }, (_, i) => item(i + 1).replace('Sun, 22 Nov 2026 10:00:00 +0100', `2026-11-${String(i + 1).padStart(2, '0')}`)).join('\n'))),
  'src/server/routes/feeds/broken.xml.ts': typed('application/xml', '<rss version="2.0"><channel><title>x</channel></rss>'),
  'src/server/routes/api/list.json.ts': route(`() => [{ id: 1, href: '/api/items/1.json' }]`),
  'src/server/routes/api/broken.json.ts': typed('application/json', '{"items": [1, 2,]}'),
  'src/server/routes/api/text.txt.ts': route(`() => '{ not json, and not checked'`),
  // JSON Feeds a handler returns as data, which h3 stringifies: read all the same, as feeds.
  'src/server/routes/feeds/feed.json.ts': route(`() => ({ version: 'https://jsonfeed.org/version/1.1', title: 'Blog', items: [{ id: '1', content_text: 'one', date_published: '2026-11-22T10:00:00Z' }] })`),
  'src/server/routes/feeds/dated.json.ts': route(`() => ({ version: 'https://jsonfeed.org/version/1.1', title: 'Blog', items: [{ id: '1', content_text: 'one', date_published: '2026-11-22' }] })`),
};
const routes = Object.keys(files).map((file) => '/' + file.replace('src/server/routes/', '').replace(/\.ts$/, ''));
const site = (validate: string) =>
  writeSite({ ...files, 'prerender.config.mjs': `export default { name: 'feeds', prerender: { routes: ${JSON.stringify(routes)}, validate: ${validate} } };` });

describe("prerender.validate: 'warn' (the default) on a site of feeds and JSON", () => {
  let report: BuildReport;
  const warningsOf = (route: string) => report.warnings.filter((w) => w.message.startsWith(`Route "${route}"`));

  beforeAll(async () => {
    ({ report } = await buildSite(site('undefined')));
  });

  it('publishes every route, the broken ones too', () => {
    expect(report.ok).toBe(routes.length);
  });

  it('a valid RSS feed, a valid Atom feed, valid JSON and a text file give no warning', () => {
    for (const route of ['/feeds/good.xml', '/feeds/atom.xml', '/feeds/feed.json', '/api/list.json', '/api/text.txt']) expect(warningsOf(route)).toEqual([]);
  });

  it('a JSON Feed item date that is not RFC 3339, in a feed the handler returned as data', () => {
    expect(warningsOf('/feeds/dated.json')).toEqual([
      {
        code: 'INVALID_FEED',
        message: 'Route "/feeds/dated.json" (public/feeds/dated.json): items[1] > date_published is "2026-11-22", not an RFC 3339 date such as "2026-11-23T08:00:00Z".',
      },
    ]);
  });

  it('names the route and the element of a channel without its link', () => {
    expect(warningsOf('/feeds/no-link.xml')).toEqual([
      { code: 'INVALID_FEED', message: 'Route "/feeds/no-link.xml" (public/feeds/no-link.xml): rss > channel (line 3) has no <link>, which RSS 2.0 requires of a channel.' },
    ]);
  });

  it('a pubDate that is not RFC 822', () => {
    expect(warningsOf('/feeds/bad-date.xml')).toEqual([
      {
        code: 'INVALID_FEED',
        message: 'Route "/feeds/bad-date.xml" (public/feeds/bad-date.xml): rss > channel > item[1] > pubDate (line 5) is "2026-11-22 10:00", not an RFC 822 date such as "Mon, 23 Nov 2026 08:00:00 GMT".',
      },
    ]);
  });

  it('a pubDate right but for its weekday says the weekday that day falls on', () => {
    expect(warningsOf('/feeds/wrong-weekday.xml').map((w) => w.message)).toEqual([
      'Route "/feeds/wrong-weekday.xml" (public/feeds/wrong-weekday.xml): rss > channel > item[1] > pubDate (line 5) is "Tue, 22 Nov 2026 10:00:00 +0100", whose weekday is wrong: that day is a Sunday.',
    ]);
  });

  it('one bad pubDate pattern across 20 items: one warning, the first three items, then a count', () => {
    expect(warningsOf('/feeds/twenty-dates.xml')).toEqual([
      {
        code: 'INVALID_FEED',
        message:
          'Route "/feeds/twenty-dates.xml" (public/feeds/twenty-dates.xml): rss > channel > item[*] > pubDate is not an RFC 822 date such as "Mon, 23 Nov 2026 08:00:00 GMT" in 20 items: ' +
          'item[1] (line 5) "2026-11-01", item[2] (line 6) "2026-11-02", item[3] (line 7) "2026-11-03", and 17 more.',
      },
    ]);
  });

  it('a relative item link', () => {
    expect(warningsOf('/feeds/relative.xml').map((w) => w.message)).toEqual([
      'Route "/feeds/relative.xml" (public/feeds/relative.xml): rss > channel > item[1] > link (line 5) is "/posts/1", not an absolute URL.',
    ]);
  });

  it('an item link with a space (a slug written into it as it is)', () => {
    expect(warningsOf('/feeds/spaced.xml').map((w) => w.message)).toEqual([
      'Route "/feeds/spaced.xml" (public/feeds/spaced.xml): rss > channel > item[1] > link (line 5) is "https://blog.example.com/posts/café au lait.json", a URL with a space, which a URL cannot hold (write it %20: encodeURI() does).',
    ]);
  });

  it('a guid used twice', () => {
    expect(warningsOf('/feeds/twice.xml').map((w) => w.message)).toEqual([
      'Route "/feeds/twice.xml" (public/feeds/twice.xml): rss > channel > item[2] > guid (line 5) repeats the guid of item[1], "https://blog.example.com/posts/1".',
    ]);
  });

  it('XML that is not well-formed, with the position saxes found it at', () => {
    expect(warningsOf('/feeds/broken.xml')).toEqual([
      { code: 'INVALID_XML', message: expect.stringMatching(/^Route "\/feeds\/broken\.xml" \(public\/feeds\/broken\.xml\) is not well-formed XML: 1:\d+: unexpected close tag/) },
    ]);
  });

  it('JSON that does not parse', () => {
    expect(warningsOf('/api/broken.json')).toEqual([
      { code: 'INVALID_JSON', message: expect.stringMatching(/^Route "\/api\/broken\.json" \(public\/api\/broken\.json\) is not valid JSON: .+/) },
    ]);
  });
});

describe("prerender.validate: 'error' and false", () => {
  it("'error' fails the build with exit code 1 and writes nothing", async () => {
    const root = site("'error'");
    const cli = await runCli(['build', root, '--no-typecheck']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('10 problems in prerendered files (prerender.validate is "error"); nothing was published:');
    expect(cli.stderr).toContain('Route "/feeds/no-link.xml" (public/feeds/no-link.xml): rss > channel (line 3) has no <link>');
    expect(cli.stderr).not.toContain('routes ok');
    expect(existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []).toEqual([]);
  });

  it("'error' fails a build whose .json route returned what h3 sends as text (a Map): its file would be no JSON", async () => {
    const root = writeSite({
      'src/server/routes/api/tags.json.ts': route("() => new Map([['a', 1]])"),
      'prerender.config.mjs': "export default { prerender: { routes: ['/api/tags.json'], validate: 'error' } };\n",
    });
    const cli = await runCli(['build', root, '--no-typecheck']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('1 problem in prerendered files (prerender.validate is "error"); nothing was published:');
    expect(cli.stderr).toContain('Route "/api/tags.json" (public/api/tags.json) is not valid JSON (answered as text/plain, in a file whose name says application/json): ');
    expect(existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []).toEqual([]);
  });

  it('false checks nothing', async () => {
    const { report, dir } = await buildSite(site('false'));
    expect(report.warnings.filter((w) => w.code.startsWith('INVALID_'))).toEqual([]);
    expect(existsSync(join(dir, 'public/api/broken.json'))).toBe(true);
  });
});

describe('checkFile', () => {
  const check = (type: string, body: string | Uint8Array) => checkFile('/r', 'r', type, typeof body === 'string' ? new TextEncoder().encode(body) : body);

  it.each([
    ['application/feed+json', '{"version": 1'],
    ['application/ld+json; charset=utf-8', ''],
    ['application/json', 'NaN'],
  ])('%s %j is not valid JSON', (type, body) => {
    expect(check(type, body).map((p) => p.code)).toEqual(['INVALID_JSON']);
  });

  it('a body answered as plain text in a file named .json or .xml: checked as its name says, the message saying so', () => {
    const named = (file: string, body: string) => checkFile('/r', file, 'text/plain; charset=utf-8', new TextEncoder().encode(body)).map((p) => `${p.code} ${p.message}`);
    expect(named('api/tags.json', '[object Map]')).toEqual([expect.stringMatching(/^INVALID_JSON is not valid JSON \(answered as text\/plain, in a file whose name says application\/json\): /)]);
    expect(named('api/empty.json', '')).toHaveLength(1);
    expect(named('feed.xml', '<a><b></a>')).toEqual([expect.stringMatching(/^INVALID_XML is not well-formed XML \(answered as text\/plain, in a file whose name says (application|text)\/xml\): /)]);
    expect(named('api/ok.json', '{"a":1}')).toEqual([]);
    // Plain text in a file named as text, or answered with a type of its own, is as it was answered.
    expect(named('api/notes.txt', '[object Map]')).toEqual([]);
    expect(checkFile('/r', 'page.json', 'text/html', new TextEncoder().encode('<p>'))).toEqual([]);
  });

  it('JSON that is not UTF-8', () => {
    expect(check('application/json', new Uint8Array([0x22, 0xe9, 0x22])).map((p) => p.message)).toEqual(['is not UTF-8, which JSON must be']);
  });

  it('a bare & named where it is, not where the parse ran out', () => {
    const feed = '<?xml version="1.0"?>\n<rss version="2.0"><channel>\n<title>A & B</title></channel></rss>';
    expect(check('application/rss+xml', feed).map((p) => p.message)).toEqual(['is not well-formed XML: 3:10: "&" that starts no character or entity reference: write &amp; for it']);
    // In CDATA or a comment, or a reference, it is no mistake; the first mistake before it is named as saxes found it.
    expect(check('application/xml', '<a><![CDATA[A & B]]><!-- & --> &amp; &#38; &#x26; &lt;</a>')).toEqual([]);
    expect(check('application/xml', '<a></b> & </a>').map((p) => p.message)).toEqual([expect.stringMatching(/^is not well-formed XML: 1:\d+: unexpected close tag/)]);
  });

  it.each([
    ['text/xml', '<a><b></a>'],
    ['image/svg+xml', '<svg>&nbsp;</svg>'],
    ['application/xml', '<a/><b/>'],
    ['application/xml', '<x:a/>'],
    ['application/xml', ''],
  ])('%s %j is not well-formed', (type, body) => {
    expect(check(type, body).map((p) => p.code)).toEqual(['INVALID_XML']);
  });

  it('reads XML in the charset its type names', () => {
    const latin1 = Uint8Array.from(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>caf\u00e9</a>', 'latin1'));
    expect(check('application/xml; charset=iso-8859-1', latin1)).toEqual([]);
  });

  it('Atom: missing elements, bad dates, relative links without xml:base, repeated ids', () => {
    const feed =
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><updated>2026-11-23</updated>' +
      '<entry><id>a</id><title>1</title><updated>2026-11-23T08:00:00Z</updated><link href="/p/1"/></entry>' +
      '<entry><id>a</id><updated>2026-11-23T08:00:00Z</updated><published>Mon, 23 Nov 2026 08:00:00 GMT</published></entry></feed>';
    expect(check('application/atom+xml', feed).map((p) => `${p.element}: ${p.message}`)).toEqual([
      'feed (line 1): has no <id>, which Atom requires of a feed',
      'feed > updated (line 1): is "2026-11-23", not an RFC 3339 date such as "2026-11-23T08:00:00Z"',
      'feed > entry[1] > link (line 1): has href "/p/1", not an absolute URL (and no xml:base to resolve it)',
      'feed > entry[2] (line 1): has no <title>, which Atom requires of an entry',
      'feed > entry[2] > published (line 1): is "Mon, 23 Nov 2026 08:00:00 GMT", not an RFC 3339 date such as "2026-11-23T08:00:00Z"',
      'feed > entry[2] > id (line 1): repeats the id of entry[1], "a"',
    ]);
  });

  it('groups each per-item problem repeated in a file, and only those: two of a kind are one problem', () => {
    const items = '<item><link>/a</link><guid>g</guid><pubDate>x</pubDate></item><item><link>/b</link><guid>g</guid></item><item><guid>g</guid><pubDate>y</pubDate></item>';
    expect(check(rssType, rss('<title>Blog</title><description>Posts</description>', items)).map((p) => `${p.element}: ${p.message}`)).toEqual([
      'rss > channel (line 3): has no <link>, which RSS 2.0 requires of a channel',
      'rss > channel > item[*]: has neither <title> nor <description> (RSS 2.0 requires one) in 3 items: item[1] (line 5), item[2] (line 5), item[3] (line 5)',
      'rss > channel > item[*] > link: is not an absolute URL in 2 items: item[1] (line 5) "/a", item[2] (line 5) "/b"',
      'rss > channel > item[*] > pubDate: is not an RFC 822 date such as "Mon, 23 Nov 2026 08:00:00 GMT" in 2 items: item[1] (line 5) "x", item[3] (line 5) "y"',
      'rss > channel > item[*] > guid: repeats an earlier item\'s guid in 2 items: item[2] (line 5) "g" (as item[1]), item[3] (line 5) "g" (as item[1])',
    ]);
    const entries = '<entry><title>1</title><updated>2026-11-23T08:00:00Z</updated></entry><entry><title>2</title><updated>2026-11-23T08:00:00Z</updated></entry>';
    expect(check('application/atom+xml', atom(entries)).map((p) => `${p.element}: ${p.message}`)).toEqual([
      'feed > entry[*]: has no <id>, which Atom requires of an entry, in 2 entries: entry[1] (line 4), entry[2] (line 4)',
    ]);
  });

  it('RSS: an item with neither title nor description, a channel without rss > channel', () => {
    expect(check(rssType, rss(channel, '<item><link>https://x.com/1</link></item>')).map((p) => p.message)).toEqual(['has neither <title> nor <description>; RSS 2.0 requires one']);
    expect(check(rssType, '<rss version="2.0"></rss>').map((p) => p.message)).toEqual(['has no <channel>, which RSS 2.0 requires']);
  });

  it('JSON Feed: the feed\'s version, title and items, item ids, content, dates and URLs; repeated problems grouped', () => {
    const feed = {
      version: 'https://jsonfeed.org/version/1.1',
      home_page_url: '/',
      items: [
        { id: '1', content_text: 'one', url: 'https://blog.example.com/posts/1', date_published: '2026-11-22T10:00:00+01:00' },
        { id: '1', content_html: '<p>two</p>', url: '/posts/2', date_published: '2026-11-22' },
        { id: 3, title: 'three', date_modified: 'Mon, 23 Nov 2026 08:00:00 GMT' },
        { content_text: 'four', external_url: 'posts/4', date_published: '2026-11-23' },
      ],
    };
    expect(check('application/feed+json', JSON.stringify(feed)).map((p) => `${p.code} ${p.element}: ${p.message}`)).toEqual([
      'INVALID_FEED feed: has no "title" string, which JSON Feed requires',
      'INVALID_FEED home_page_url: is "/", not an absolute URL',
      'INVALID_FEED items[2] > id: repeats the id of items[1], "1"',
      'INVALID_FEED items[2] > url: is "/posts/2", not an absolute URL',
      'INVALID_FEED items[*] > date_published: is not an RFC 3339 date such as "2026-11-23T08:00:00Z" in 2 items: items[2] "2026-11-22", items[4] "2026-11-23"',
      'INVALID_FEED items[3] > id: is 3, not the string JSON Feed requires',
      'INVALID_FEED items[3]: has neither "content_html" nor "content_text"; JSON Feed requires one',
      'INVALID_FEED items[3] > date_modified: is "Mon, 23 Nov 2026 08:00:00 GMT", not an RFC 3339 date such as "2026-11-23T08:00:00Z"',
      'INVALID_FEED items[4]: has no "id", which JSON Feed requires of an item',
      'INVALID_FEED items[4] > external_url: is "posts/4", not an absolute URL',
    ]);
    // Known by its version when answered as plain JSON; a feed type without one says it lacks one.
    expect(check('application/json', JSON.stringify({ version: 'https://jsonfeed.org/version/2', title: 't', items: [] })).map((p) => `${p.element}: ${p.message}`)).toEqual([
      'version: is "https://jsonfeed.org/version/2", not a JSON Feed version ("https://jsonfeed.org/version/1.1" or "https://jsonfeed.org/version/1")',
    ]);
    expect(check('application/feed+json', '{"title": "t"}').map((p) => `${p.element}: ${p.message}`)).toEqual([
      'feed: has no "version", which JSON Feed requires: "https://jsonfeed.org/version/1.1"',
      'feed: has no "items" array, which JSON Feed requires (an empty one for no items)',
    ]);
    expect(check('application/json', JSON.stringify({ version: 1, items: 'none' }))).toEqual([]);
    expect(check('application/feed+json', JSON.stringify({ version: 'https://jsonfeed.org/version/1', title: 't', feed_url: 'https://blog.example.com/feed.json', items: [{ id: 'a', content_text: '' }] }))).toEqual([]);
  });

  it('other XML (a sitemap, an SVG) only needs to be well-formed', () => {
    expect(check('application/xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>')).toEqual([]);
  });
});

describe('createOutputChecks', () => {
  const broken = new TextEncoder().encode('{');
  const inspectMany = (mode: 'warn' | 'error', count: number) => {
    const checks = createOutputChecks(mode)!;
    for (let i = 0; i < count; i++) checks.inspect(`/r/${i}.json`, `r/${i}.json`, 'application/json', broken);
    return checks;
  };

  it('warns for the first 100 problems, then counts the rest in one warning', () => {
    const logger = createMemoryLogger();
    inspectMany('warn', 103).report(logger);
    expect(logger.lines).toHaveLength(101);
    expect(logger.lines[99]).toMatch(/^warning Route "\/r\/99\.json" \(public\/r\/99\.json\) is not valid JSON/);
    expect(logger.lines[100]).toBe('warning ... and 3 more problems in prerendered files, not listed (only the first 100 are).');
  });

  it("'error' throws INVALID_OUTPUT (exit code 1) counting every problem", () => {
    const error = catchErrorSync(() => inspectMany('error', 102).report(createMemoryLogger()));
    expect([error.code, error.exitCode]).toEqual(['INVALID_OUTPUT', 1]);
    expect(error.message).toMatch(/^102 problems in prerendered files/);
    expect(error.message).toMatch(/\n {2}\.\.\. and 2 more$/);
  });

  it('false reads nothing', () => {
    expect(createOutputChecks(false)).toBeUndefined();
  });
});
