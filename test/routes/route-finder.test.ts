import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../../src/routes/route-finder.ts';

describe('createRouteMatcher', () => {
  const match = createRouteMatcher([
    { method: '', path: '/api/posts/:slug.json', file: 'api/posts/[slug].json.ts' },
    { method: 'GET', path: '/api/posts/latest.json', file: 'api/posts/latest.json.get.ts' },
    { method: '', path: '/docs/**:path', file: 'docs/[...path].ts' },
    { method: '', path: '/files/**', file: 'files/[...].ts' },
  ]);
  const get = (path: string) => match(new Request(`http://localhost${path}`));

  it("names the file that answers and the parameters its handler sees, the router's precedence kept", async () => {
    expect(await get('/api/posts/hello.json')).toEqual({ file: 'api/posts/[slug].json.ts', params: { slug: 'hello' } });
    expect(await get('/api/posts/latest.json')).toEqual({ file: 'api/posts/latest.json.get.ts', params: {} });
    expect(await get('/docs/guide/intro')).toEqual({ file: 'docs/[...path].ts', params: { path: 'guide/intro' } });
    expect(await get('/files/a/b')).toEqual({ file: 'files/[...].ts', params: { _: 'a/b' } });
    expect(await get('/nothing')).toBeUndefined();
    expect(await match(new Request('http://localhost/api/posts/latest.json', { method: 'POST' }))).toEqual({ file: 'api/posts/[slug].json.ts', params: { slug: 'latest' } });
  });
});
