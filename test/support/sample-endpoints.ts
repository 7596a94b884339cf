/**
 * Every endpoint of sample-site with the answer it must give, shared by the dev and preview server
 * tests: both serve the same routes (preview from files where they were prerendered).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers.ts';

/** One request and what must come back. */
export interface Endpoint {
  path: string;
  init?: RequestInit;
  status: number;
  /** The media type, without parameters. */
  type: string;
  /** The whole body, or a test of it. */
  body: string | ((body: string) => boolean);
  /** What the dev server answers instead, where it differs: it shows a handler's error. */
  devBody?: (body: string) => boolean;
}

interface Post {
  slug: string;
  title: string;
  date: string;
  summary: string;
}

/** The sample posts, newest first, as the API lists them. */
export const samplePosts: Post[] = (JSON.parse(readFileSync(join(repoRoot, 'sample-site/src/data/posts.json'), 'utf8')) as Post[]).sort((a, b) =>
  b.date.localeCompare(a.date),
);

const json = (value: unknown) => JSON.stringify(value);

/** The routes sample-site's config prerenders, sorted: its posts list and posts, the feed and the hello route. */
export const samplePrerendered = [
  '/api/posts.json',
  ...samplePosts.map((post) => `/api/posts/${post.slug}.json`).sort(),
  '/api/rss.xml',
  '/api/v1/hello',
];

export const sampleEndpoints: Endpoint[] = [
  { path: '/api/v1/hello', status: 200, type: 'text/plain', body: 'Hello World' },
  { path: '/api/v1/users/42', status: 200, type: 'text/plain', body: 'User profile of 42' },
  {
    path: '/api/v1/users',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ name: 'Ada' }) },
    status: 200,
    type: 'application/json',
    body: json({ updated: true, name: 'Ada' }),
  },
  { path: '/api/v1/query?param1=a&param2=b', status: 200, type: 'text/plain', body: 'query params are a and b' },
  { path: '/api/v1/12', status: 200, type: 'text/plain', body: 'The id is 12' },
  { path: '/api/v1/abc', status: 400, type: 'application/json', body: (body) => body.includes('ID should be an integer') },
  { path: '/api/v1/cookie', init: { headers: { cookie: 'visits=2' } }, status: 200, type: 'application/json', body: json({ visits: 3 }) },
  {
    path: '/api/v1/boom',
    status: 500,
    type: 'application/json',
    body: (body) => !body.includes('hunter2'),
    devBody: (body) => JSON.parse(body).message === 'database password is hunter2',
  },
  { path: '/api', status: 200, type: 'application/json', body: json({ message: 'Hello from the sample API' }) },
  { path: '/api/', status: 200, type: 'application/json', body: json({ message: 'Hello from the sample API' }) },
  { path: '/api/any/other/path', status: 200, type: 'text/plain', body: 'Default API route' },
  { path: '/api/posts.json', status: 200, type: 'application/json', body: json(samplePosts.map(({ slug, title, date }) => ({ slug, title, date }))) },
  ...samplePosts.map((post) => ({ path: `/api/posts/${post.slug}.json`, status: 200, type: 'application/json', body: json(post) })),
  { path: '/api/posts/no-such-post.json', status: 404, type: 'application/json', body: (body: string) => body.includes('No such post') },
  {
    path: '/api/rss.xml',
    status: 200,
    type: 'text/xml',
    body: (body) => body.startsWith('<?xml') && samplePosts.every((post) => body.includes(`<title>${post.title}</title>`)),
  },
  { path: '/robots.txt', status: 200, type: 'text/plain', body: readFileSync(join(repoRoot, 'sample-site/public/robots.txt'), 'utf8') },
  { path: '/', status: 200, type: 'text/html', body: readFileSync(join(repoRoot, 'sample-site/public/index.html'), 'utf8') },
  { path: '/app.js', status: 200, type: 'text/javascript', body: readFileSync(join(repoRoot, 'sample-site/public/app.js'), 'utf8') },
];

/** The media type of a content-type header, lower case, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
