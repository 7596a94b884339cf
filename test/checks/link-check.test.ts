import { describe, expect, it } from 'vitest';
import { createLinkCheck, isFile } from '../../src/checks/link-check.ts';
import type { SiteLink } from '../../src/crawl/link-route.ts';
import { FileClaims } from '../../src/output/file-claims.ts';

const links = (...routes: string[]): SiteLink[] => routes.map((route) => ({ link: route, route }));

function claimsOf(files: Record<string, string>): FileClaims {
  const claims = new FileClaims();
  for (const [file, owner] of Object.entries(files)) claims.claim(file, owner);
  return claims;
}

describe('isFile: what a static server finds for a path', () => {
  const claims = claimsOf({
    'docs/index.html': '/docs',
    'api/a.json': '/api/a.json',
    'index.html': '/',
    'Logo.PNG': 'the file public/Logo.PNG',
    _headers: 'the file public/_headers',
    // publicDir files whose names no route could have: still served.
    'con.txt': 'the file public/con.txt',
    'a b/q?.json': 'the file public/a b/q?.json',
    '.htaccess': 'the file public/.htaccess',
    '.well-known/security.txt': 'the file public/.well-known/security.txt',
  });

  it.each([
    ['/docs', true],
    ['/docs/index.html', true],
    ['/api/a.json', true],
    ['/', true],
    ['/Logo.PNG', true],
    // A case-sensitive disk (Linux, the built server's file table) has no /logo.png.
    ['/logo.png', false],
    ['/Docs', false],
    ['/api', false],
    // Hosts read _headers and never serve it.
    ['/_headers', false],
    ['/a%2Fdocs', false],
    ['/.env', false],
    ['/con.txt', true],
    ['/a%20b/q%3F.json', true],
    // Copied with publicDotFiles, but never served.
    ['/.htaccess', false],
    ['/.well-known/security.txt', true],
    ['/%zz', false],
  ])('%s: %s', (target, found) => {
    expect(isFile(target, claims)).toBe(found);
  });
});

describe('createLinkCheck', () => {
  it('keeps each target not yet a file once, with the first link and page naming it, and drops those written since', () => {
    const claims = claimsOf({ 'index.html': '/' });
    const check = createLinkCheck(claims);
    check.add([{ link: '/b/', route: '/b/' }, ...links('/', '/a', '/b')], '/');
    check.add([{ link: '../a', route: '/a' }, ...links('/c')], '/z');
    claims.claim('a/index.html', '/a');
    expect(check.unresolved()).toEqual([
      { target: '/b', link: '/b/', foundOn: '/' },
      { target: '/c', link: '/c', foundOn: '/z' },
    ]);
  });

  it('keeps the other pages a broken target is on, once each: the first ten named, all counted', () => {
    const check = createLinkCheck(claimsOf({ 'index.html': '/' }));
    check.add(links('/gone', '/gone'), '/');
    check.add([{ link: '../gone', route: '/gone' }, { link: '/gone#top', route: '/gone' }], '/a/b');
    for (let page = 1; page <= 12; page++) check.add(links('/gone'), `/p/${page}`);
    // A file read in pieces hands its links on in batches: still one page.
    check.add(links('/gone'), '/sitemap.xml');
    check.add(links('/gone'), '/sitemap.xml');
    expect(check.unresolved()).toEqual([
      { target: '/gone', link: '/gone', foundOn: '/', alsoOn: ['/a/b', '/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/p/6', '/p/7', '/p/8'], pages: 15 },
    ]);
  });

  it('looks pending targets up again as they pile up, so that links to routes written later do not stay', () => {
    const claims = new FileClaims();
    const check = createLinkCheck(claims);
    // Each page links to the next, written right after it: at most one target waits at a time.
    for (let i = 0; i < 50_000; i++) {
      if (i > 0) claims.claim(`p/${i}.json`, `/p/${i}.json`);
      check.add(links(`/p/${i + 1}.json`), `/p/${i}.json`);
    }
    expect(check.unresolved()).toEqual([{ target: '/p/50000.json', link: '/p/50000.json', foundOn: '/p/49999.json' }]);
  });
});
