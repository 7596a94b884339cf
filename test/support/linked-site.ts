/** A site for the crawl tests: every listed route links to others, in each kind of body the crawl reads. */
import { route, writeSite } from './helpers.ts';

/** The host the site's sitemap and absolute links name. */
export const host = 'https://example.com';
/** A route file answering `body` (an expression over `event`) as HTML. */
export const html = (body: string) => route(`(event) => { setHeader(event, 'content-type', 'text/html; charset=utf-8'); return ${body}; }`, 'defineEventHandler, getRouterParam, setHeader');
/** A route file answering `body` (an expression over `event`) with content type `type`. */
const typed = (type: string, body: string) => route(`(event) => { setHeader(event, 'content-type', ${JSON.stringify(type)}); return ${body}; }`, 'defineEventHandler, getRouterParam, setHeader');

const feed = `\`<?xml version="1.0"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
  <title>Posts</title><link>${host}/</link><description>All posts</description>
  <atom:link href="${host}/feed.xml" rel="self" type="application/rss+xml"/>
  <item><title>One</title><link>${host}/posts/1</link><enclosure url="${host}/media/1.mp3" length="3" type="audio/mpeg"/></item>
  <item><title>Two</title><link><![CDATA[${host}/posts/2?utm=feed#top]]></link></item>
  <item><title>Elsewhere</title><link>https://other.example/posts/9</link></item>
</channel></rss>\``;

const items = JSON.stringify({
  items: [
    { url: '/api/items/1.json' },
    { url: `${host}/api/items/2.json` },
    { url: 'https://other.example/api/items/3.json' },
    { again: '/api/items/%31.json?page=1#x', alsoAgain: `${host}/api/items/1.json` },
    { slash: '/api/items/4.json/' },
  ],
  note: 'not a link',
});

/**
 * A site whose listed routes link to the rest: an RSS feed (`<link>`, `<enclosure url>`, atom:link),
 * a JSON list (root-relative, absolute on the host, another host), an HTML page (href/src, relative,
 * a publicDir file, a path no route serves, a malformed path) and an XML sitemap (`<loc>`).
 */
export function linkedSite(config: string, extra: Record<string, string> = {}): string {
  return writeSite({
    'src/server/routes/feed.xml.ts': typed('application/rss+xml; charset=utf-8', feed),
    'src/server/routes/index.ts': html(
      `'<!doctype html><base href="/posts/"><a href="3">three</a><a href="/about?x=1">About</a><img src="/logo.png"><a href="/nowhere">x</a>' +
      '<a href="/a%2Fb">bad</a><a href="/api/subscribe">POST only</a><a href="mailto:me@example.com">mail</a><a href="https://other.example/">o</a><script>var s = "<a href=\\\\"/in-script\\\\">";</script>'`,
    ),
    // Served at /about/ (its file is about/index.html): "me" is /about/me.
    'src/server/routes/about.ts': html(`'<p>about <a href="/">home</a> <a href="&#x2F;posts&#x2F;1">one</a> <a href="me">me</a></p>'`),
    'src/server/routes/about/[who].ts': html(`'<p>' + getRouterParam(event, 'who') + '</p>'`),
    'src/server/routes/posts/[id].ts': html(`'<h1>post ' + getRouterParam(event, 'id') + '</h1><a href="../../feed.xml">feed</a><a href="/posts/1/">one</a>'`),
    'src/server/routes/media/[name].ts': typed('audio/mpeg', `new Uint8Array([1, 2, 3])`),
    'src/server/routes/api/subscribe.post.ts': route(`() => ({ subscribed: true })`),
    'src/server/routes/api/items.json.ts': route(`() => (${items})`),
    'src/server/routes/api/items/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id'), list: '/api/items.json' })`, 'defineEventHandler, getRouterParam'),
    'src/server/routes/sitemap-pages.xml.ts': typed('application/xml', `'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${host}/pages/guide</loc></url></urlset>'`),
    'src/server/routes/pages/[slug].ts': html(`'<h1>' + getRouterParam(event, 'slug') + '</h1>'`),
    'public/logo.png': 'png',
    ...extra,
    'prerender.config.mjs': `export default { name: 'linked', prerender: ${config} };`,
  });
}

/** The routes the site lists in `prerender.routes`: the crawl starts from them. */
const listed = ['/feed.xml', '/api/items.json', '/', '/sitemap-pages.xml'];
/** The site's `prerender` config: the listed routes, the sitemap host, crawling on, and `more` keys. */
export const crawlConfig = (more = '') => `{ routes: ${JSON.stringify(listed)}, sitemap: { host: '${host}' }, crawl: true${more} }`;
