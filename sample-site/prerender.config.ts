import { defineConfig } from 'api-prerender';
import { listPosts } from './src/data/posts';

export default defineConfig({
  prerender: {
    // A function, so the list can come from data; it may be async.
    routes: async () => [
      '/api/rss.xml',
      { route: '/api/posts.json', sitemap: { changefreq: 'daily', priority: 0.8 } },
      ...listPosts().map((post) => ({ route: `/api/posts/${post.slug}.json`, sitemap: { lastmod: post.date } })),
      { route: '/api/v1/hello', sitemap: false },
    ],
    sitemap: { host: 'https://example.com' },
  },
});
