import { describe, expect, it } from 'vitest';
import { askCacheKey } from '../../src/cache/cache-key.ts';

const file = 'src/server/routes/api/posts/[slug].ts';
const input = { route: '/api/posts/a', params: { slug: 'a' } };

describe('askCacheKey', () => {
  it('gives what the function says for the route and its parameters, sync or async', async () => {
    expect(await askCacheKey(({ route, params }: { route: string; params: { slug: string } }) => `${route} ${params.slug}`, file, input, 1000)).toBe('/api/posts/a a');
    expect(await askCacheKey(async () => 'v2', file, input, 1000)).toBe('v2');
  });

  it.each([
    ['not a function', 'v1', `${file} exports cacheKey as the string "v1", not a function of { route, params } returning a string`],
    ['a function that throws', () => { throw new Error('CMS down'); }, `the cacheKey function of ${file} threw: CMS down`],
    ['a function that rejects', async () => Promise.reject(new Error('CMS down')), `the cacheKey function of ${file} threw: CMS down`],
    ['a function returning no string', () => 42, `the cacheKey function of ${file} returned the number 42 for /api/posts/a, not a string`],
    ['a function returning nothing', () => undefined, `the cacheKey function of ${file} returned undefined for /api/posts/a, not a string`],
    ['a function that never settles', () => new Promise(() => {}), `the cacheKey function of ${file} did not settle within 50 ms (prerender.timeout)`],
  ])('fails the route, naming the file, for %s', async (_, cacheKey, message) => {
    await expect(askCacheKey(cacheKey, file, input, 50)).rejects.toThrow(new Error(message));
  });
});
