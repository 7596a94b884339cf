import { describe, expect, it } from 'vitest';
import { createRenderLog } from '../../src/cache/render-log.ts';

describe('the render log', () => {
  it('counts the routes reused, lists the routes rendered with why, and sums the reasons up by kind', () => {
    const log = createRenderLog();
    log.reuse();
    log.reuse();
    log.render('/a', 'code');
    log.render('/b', 'file content/b.md');
    log.render('/c', 'file content/c.md');
    log.render('/d', 'new');
    expect(log.reused).toBe(2);
    expect(log.rendered()).toEqual([
      { route: '/a', reason: 'code' },
      { route: '/b', reason: 'file content/b.md' },
      { route: '/c', reason: 'file content/c.md' },
      { route: '/d', reason: 'new' },
    ]);
    expect(log.counts()).toBe('2 routes reused, 4 rendered (1 code, 2 file, 1 new)');
    // The log line names the first routes of each kind, but those of a first build.
    // With the files that changed: one, or the first two and whether there are more.
    expect(log.summary()).toBe('cache: 2 routes reused, 4 rendered (1 code: /a; 2 file (content/b.md, content/c.md): /b, /c; 1 new)');
    log.render('/e', 'file content/e.md');
    expect(log.summary()).toBe('cache: 2 routes reused, 5 rendered (1 code: /a; 3 file (content/b.md, content/c.md and more): /b, /c and 1 more; 1 new)');
    const onePost = createRenderLog();
    for (const route of ['/api/posts.json', '/api/posts/a.json', '/api/posts/b.json']) onePost.render(route, 'file content/posts/b.md');
    expect(onePost.summary()).toBe('cache: 0 routes reused, 3 rendered (3 file content/posts/b.md: /api/posts.json, /api/posts/a.json and 1 more)');
    expect(createRenderLog().summary()).toBe('cache: 0 routes reused, 0 rendered');
  });
});
