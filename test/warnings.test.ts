import { describe, expect, it } from 'vitest';
import { warnings } from '../src/warnings.ts';

describe('warnings.brokenLink', () => {
  const gone = { link: '../gone', target: '/gone', foundOn: '/a/b', status: 404 };

  it.each([
    [{}, 'Broken link "../gone" on /a/b (resolves to /gone): no file or route serves it.'],
    [{ alsoOn: ['/c'], pages: 2 }, 'Broken link "../gone" on /a/b (resolves to /gone), also on /c: no file or route serves it.'],
    [{ alsoOn: ['/c', '/d', '/e'], pages: 4 }, 'Broken link "../gone" on /a/b (resolves to /gone), also on /c, /d and /e: no file or route serves it.'],
    [{ alsoOn: ['/c', '/d', '/e', '/f'], pages: 5 }, 'Broken link "../gone" on /a/b (resolves to /gone), also on /c, /d, /e and 1 more page: no file or route serves it.'],
    [{ alsoOn: ['/c', '/d', '/e', '/f'], pages: 40 }, 'Broken link "../gone" on /a/b (resolves to /gone), also on /c, /d, /e and 36 more pages: no file or route serves it.'],
    [{ error: 'Gone for good' }, 'Broken link "../gone" on /a/b (resolves to /gone): the server answers 404: Gone for good.'],
    [{ status: 0, error: 'the handler ran past prerender.timeout' }, 'Broken link "../gone" on /a/b (resolves to /gone): the server failed: the handler ran past prerender.timeout.'],
  ])('%j: %s', (facts, message) => {
    expect(warnings.brokenLink({ ...gone, ...facts }).message).toBe(message);
  });

  it.each([
    ['../guide/', '/guide', '(resolves to /guide/)'],
    ['../guide/?tab=1#top', '/guide', '(resolves to /guide/)'],
    ['../guide', '/guide', '(resolves to /guide)'],
    ['../', '/', '(resolves to /)'],
  ])('says what %s resolves to as the link ends it: %s', (link, target, said) => {
    expect(warnings.brokenLink({ ...gone, link, target }).message).toContain(` ${said}: `);
  });

  it('carries the page as route, and the other pages only when there are some', () => {
    expect(warnings.brokenLink(gone)).toEqual({ code: 'BROKEN_LINK', route: '/a/b', link: '../gone', target: '/gone', message: expect.any(String) });
    expect(warnings.brokenLink({ ...gone, alsoOn: ['/c'], pages: 2 })).toMatchObject({ route: '/a/b', alsoOn: ['/c'], pages: 2 });
  });
});
