import { describe, expect, it } from 'vitest';
import { createReadPlaces } from '../../src/cache/read-places.ts';

describe('read places', () => {
  const placeOf = createReadPlaces('/site', '/site/dist/site.staging-1/server', {
    'assets/data-1a2b3c4d.json': 'src/data.json',
    'assets/posts-9f8e7d6c/a.md': 'content/posts/a.md',
    'assets/posts-9f8e7d6c/2026/b.md': 'content/posts/2026/b.md',
  });

  it('name a copy beside the bundle by its source, a copied folder and the folders in it too', () => {
    expect(placeOf('/site/dist/site.staging-1/server/assets/data-1a2b3c4d.json')).toEqual({ site: 'src/data.json', source: '/site/src/data.json' });
    expect(placeOf('/site/dist/site.staging-1/server/assets/posts-9f8e7d6c/a.md')).toEqual({ site: 'content/posts/a.md', source: '/site/content/posts/a.md' });
    expect(placeOf('/site/dist/site.staging-1/server/assets/posts-9f8e7d6c')).toEqual({ site: 'content/posts', source: '/site/content/posts' });
    expect(placeOf('/site/dist/site.staging-1/server/assets/posts-9f8e7d6c/2026')).toEqual({ site: 'content/posts/2026', source: '/site/content/posts/2026' });
  });

  it('name any other path from the site root', () => {
    expect(placeOf('/site/content/c.md')).toEqual({ site: 'content/c.md', source: '/site/content/c.md' });
    expect(placeOf('/shared/x.json')).toEqual({ site: '../shared/x.json', source: '/shared/x.json' });
    expect(placeOf('/site/dist/site.staging-1/server/assets')).toEqual({ site: 'dist/site.staging-1/server/assets', source: '/site/dist/site.staging-1/server/assets' });
  });
});
