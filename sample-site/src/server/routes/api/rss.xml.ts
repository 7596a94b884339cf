import { defineEventHandler, setHeader } from 'h3';
import { escapeXml, listPosts } from '../../../data/posts';

const site = 'https://example.com';

export default defineEventHandler((event) => {
  const items = listPosts().map(
    (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${site}/api/posts/${post.slug}.json</link>
      <guid>${site}/api/posts/${post.slug}.json</guid>
      <pubDate>${new Date(post.date).toUTCString()}</pubDate>
      <description>${escapeXml(post.summary)}</description>
    </item>`,
  );
  setHeader(event, 'content-type', 'text/xml');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Sample site</title>
    <link>${site}</link>
    <description>Posts of the api-prerender sample site</description>
${items.join('\n')}
  </channel>
</rss>
`;
});
