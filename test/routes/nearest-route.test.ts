/**
 * Did-you-mean for a listed route no route file matches: the nearest route a file serves (the edit
 * distance it ranks by: test/closest-name.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { fileToRoute } from '../../src/routes/file-to-route.ts';
import { nearestRoute, patternLike } from '../../src/routes/nearest-route.ts';

describe('patternLike', () => {
  it.each([
    ['/api/hello', '/api/helo', '/api/hello'],
    ['/api/posts/:slug.json', '/api/post/a.json', '/api/posts/a.json'],
    ['/api/posts/:slug.json', '/api/posts/a', '/api/posts/a.json'],
    ['/api/posts/:slug.json', '/api/posts/a.jsn', '/api/posts/a.json'],
    ['/api/posts/:slug.json', '/api/posts', '/api/posts/:slug.json'],
    ['/docs/**:path', '/doc/guide/intro', '/docs/guide/intro'],
    ['/docs/**:path', '/docs', '/docs/**:path'],
    ['/files/**', '/file', '/files'],
    ['/api/users/:id', '/api/user/7/extra', '/api/users/7'],
  ])('%s, shaped after %s: %s', (pattern, route, like) => {
    expect(patternLike(pattern, route)).toBe(like);
  });
});

describe('nearestRoute', () => {
  const files = ['api/hello.ts', 'api/posts/[slug].json.ts', 'api/subscribe.post.ts', 'api/feed.xml.get.ts', 'docs/[...path].ts', 'about.ts'];
  const routes = files.map((file) => fileToRoute(file, 'api')!);

  it.each([
    ['/api/helo', { path: '/api/hello', file: 'api/hello.ts' }],
    ['/hello', { path: '/api/hello', file: 'api/hello.ts' }],
    ['/api/post/first.json', { path: '/api/posts/first.json', file: 'api/posts/[slug].json.ts' }],
    ['/api/posts/first', { path: '/api/posts/first.json', file: 'api/posts/[slug].json.ts' }],
    ['/api/feed.rss', { path: '/api/feed.xml', file: 'api/feed.xml.get.ts' }],
    ['/doc/intro', { path: '/docs/intro', file: 'docs/[...path].ts' }],
    ['/abut', { path: '/about', file: 'about.ts' }],
    // A file outside the api folder, listed with the api prefix.
    ['/api/about', { path: '/about', file: 'about.ts' }],
  ])('%s -> %j', (route, nearest) => {
    expect(nearestRoute(route, routes)).toEqual(nearest);
  });

  it('suggests the same name with another extension or none before a path as few edits away', () => {
    const near = ['api/posts/[slug].json.ts', 'api/v1/hello.ts', 'api/v1/feed.xml.ts'].map((file) => fileToRoute(file, 'api')!);
    expect(nearestRoute('/api/v1/hello.json', near)).toEqual({ path: '/api/v1/hello', file: 'api/v1/hello.ts' });
    expect(nearestRoute('/api/v1/feed', near)).toEqual({ path: '/api/v1/feed.xml', file: 'api/v1/feed.xml.ts' });
  });

  it('suggests only files that answer GET, and nothing far from every route', () => {
    expect(nearestRoute('/api/subscribe', routes)?.file).not.toBe('api/subscribe.post.ts');
    expect(nearestRoute('/completely/elsewhere/entirely.csv', routes)).toBeUndefined();
    expect(nearestRoute('/documentation/guides/setup', routes)).toBeUndefined();
    expect(nearestRoute('/api/hello', [])).toBeUndefined();
  });

  it('suggests nothing for a word in place of another, where only what is around it is the same', () => {
    const json = ['api/hello.json.ts', 'api/env.json.ts', 'api/v1/users.ts'].map((file) => fileToRoute(file, 'api')!);
    expect(nearestRoute('/api/nope.json', json)).toBeUndefined();
    expect(nearestRoute('/api/helo.json', json)).toEqual({ path: '/api/hello.json', file: 'api/hello.json.ts' });
    expect(nearestRoute('/api/ebv.json', json)).toEqual({ path: '/api/env.json', file: 'api/env.json.ts' });
    expect(nearestRoute('/api/v2/users', json)).toEqual({ path: '/api/v1/users', file: 'api/v1/users.ts' });
    expect(nearestRoute('/api/v1/orders', json)).toBeUndefined();
    // A folder named otherwise is no such word: the rest of the path is the file's.
    expect(nearestRoute('/rest/v1/users', json)).toEqual({ path: '/api/v1/users', file: 'api/v1/users.ts' });
  });
});
