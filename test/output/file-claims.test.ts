import { describe, expect, it } from 'vitest';
import { FileClaims } from '../../src/output/file-claims.ts';
import { routeToFile } from '../../src/output/route-to-file.ts';
import { catchErrorSync } from '../support/catch-error.ts';

const html = 'text/html; charset=utf-8';

/** Claims each `[file, owner]` in order and returns the error of the last one. */
function clash(claims: [string, string][]) {
  const registry = new FileClaims();
  for (const [file, owner] of claims.slice(0, -1)) registry.claim(file, owner);
  const [file, owner] = claims.at(-1)!;
  const error = catchErrorSync(() => registry.claim(file, owner));
  expect(error.code).toBe('OUTPUT_CLASH');
  expect(error.exitCode).toBe(1);
  return error.message;
}

describe('FileClaims', () => {
  it('takes files that do not collide, including folders shared by many routes', () => {
    const claims = new FileClaims();
    for (const [file, owner] of [
      ['api/a.json', '/api/a.json'],
      ['api/b.json', '/api/b.json'],
      ['api/sub/c.json', '/api/sub/c.json'],
      ['docs/index.html', '/docs'],
      ['docs/intro/index.html', '/docs/intro'],
      ['favicon.ico', 'the file public/favicon.ico'],
    ]) {
      expect(() => claims.claim(file, owner)).not.toThrow();
    }
  });

  it.each([
    [
      'the same file twice',
      [['api/a.json', '/api/a.json'], ['api/a.json', '/api/a.json/']],
      'route "/api/a.json/" and route "/api/a.json" both write api/a.json.',
    ],
    [
      'a file where a folder is needed',
      [['api/users/1', '/api/users/1'], ['api/users/1/posts', '/api/users/1/posts']],
      'route "/api/users/1/posts" needs the folder api/users/1, where route "/api/users/1" writes a file.',
    ],
    [
      'a folder where a file is needed',
      [['api/users/1/posts', '/api/users/1/posts'], ['api/users/1', '/api/users/1']],
      'route "/api/users/1" writes the file api/users/1, where route "/api/users/1/posts" needs a folder.',
    ],
    [
      'a file where a folder is needed, several levels up',
      [['a', '/a'], ['a/b/c/d.json', '/a/b/c/d.json']],
      'route "/a/b/c/d.json" needs the folder a, where route "/a" writes a file.',
    ],
    [
      'names differing only in letter case',
      [['api/Feed.xml', '/api/Feed.xml'], ['api/feed.xml', '/api/feed.xml']],
      `route "/api/feed.xml" and route "/api/Feed.xml" both write api/feed.xml (the names differ only in letter case: a disk that ignores case, as macOS's and Windows' do, holds them as one file, so the output would depend on where it is built or copied).`,
    ],
    [
      'a folder differing only in letter case',
      [['API', '/API'], ['api/x.json', '/api/x.json']],
      'route "/api/x.json" needs the folder api, where route "/API" writes a file.',
    ],
    [
      'names differing only in Unicode normal form',
      [['caf\u00e9.json', '/caf%C3%A9.json'], ['cafe\u0301.json', '/cafe%CC%81.json']],
      'route "/cafe%CC%81.json" and route "/caf%C3%A9.json" both write cafe\u0301.json.',
    ],
    [
      'a route over a publicDir file',
      [['robots.txt', 'the file public/robots.txt'], ['robots.txt', '/robots.txt']],
      'route "/robots.txt" and the file public/robots.txt both write robots.txt.',
    ],
    [
      'a route over a publicDir folder',
      [['img/logo.png', 'the file public/img/logo.png'], ['img', '/img']],
      'route "/img" writes the file img, where the file public/img/logo.png needs a folder.',
    ],
    [
      'a route over the sitemap',
      [['sitemap.xml', 'the sitemap (prerender.sitemap.host)'], ['sitemap.xml', '/sitemap.xml']],
      'route "/sitemap.xml" and the sitemap (prerender.sitemap.host) both write sitemap.xml.',
    ],
  ])('%s is refused, naming both owners', (_, claims, message) => {
    expect(clash(claims as [string, string][])).toBe(message);
  });
});

describe('FileClaims.has: a file in exactly its spelling', () => {
  const claims = new FileClaims();
  claims.claim('api/Items.json', '/api/Items.json');
  claims.claim('docs/index.html', '/docs');
  claims.claim('caf\u00e9/index.html', '/caf%C3%A9');
  claims.claim('Logo.PNG', 'the file public/Logo.PNG');
  claims.claim('feed.xml', 'the file public/feed.xml');

  it.each([
    ['api/Items.json', true],
    ['api/items.json', false],
    ['docs/index.html', true],
    ['Docs/index.html', false],
    ['docs', false],
    ['caf\u00e9/index.html', true],
    ['cafe\u0301/index.html', false],
    ['Logo.PNG', true],
    ['logo.png', false],
    ['feed.xml', true],
    ['Feed.xml', false],
    ['nothing.json', false],
  ])('%s: %s', (file, claimed) => {
    expect(claims.has(file)).toBe(claimed);
  });
});

describe('FileClaims with routeToFile', () => {
  it('a route and a file of publicDir: the hint says to move the file, or the route', () => {
    const claimed = (first: string, second: string) => {
      const registry = new FileClaims();
      registry.claim('api/h.json', first);
      return catchErrorSync(() => registry.claim('api/h.json', second));
    };
    const error = claimed('the file public/api/h.json', '/api/h.json');
    expect(error.message).toBe('route "/api/h.json" and the file public/api/h.json both write api/h.json.');
    expect(error.hint).toBe(`Remove or rename the file public/api/h.json, or give route "/api/h.json" another path (or drop it where it is listed: prerender.routes, or its route file's entries).`);
    expect(claimed('/api/h.json', '/api/H.json').hint).toBe("Give one of the routes another path, or drop it where it is listed (prerender.routes, or its route file's entries).");
    // Two routes whose names differ only in case: why they are one file, where Linux holds two.
    const registry = new FileClaims();
    registry.claim('api/item-1.json', '/api/item-1.json');
    expect(catchErrorSync(() => registry.claim('api/Item-1.json', '/api/Item-1.json')).message).toBe(
      `route "/api/Item-1.json" and route "/api/item-1.json" both write api/Item-1.json (the names differ only in letter case: a disk that ignores case, as macOS's and Windows' do, holds them as one file, so the output would depend on where it is built or copied).`,
    );
  });

  it('/x and /x/ answering HTML both write x/index.html', () => {
    expect(clash([[routeToFile('/x', html), '/x'], [routeToFile('/x/', html), '/x/']])).toBe(
      'route "/x/" and route "/x" both write x/index.html.',
    );
  });

  it('/ and /index.html answering HTML both write index.html', () => {
    expect(clash([[routeToFile('/', html), '/'], [routeToFile('/index.html', html), '/index.html']])).toBe(
      'route "/index.html" and route "/" both write index.html.',
    );
  });

  it('an encoded and a plain spelling of one route write one file', () => {
    expect(clash([[routeToFile('/a b.json', 'application/json'), '/a b.json'], [routeToFile('/a%20b.json', 'application/json'), '/a%20b.json']])).toBe(
      'route "/a%20b.json" and route "/a b.json" both write a b.json.',
    );
  });

  it('an extensionless JSON route and an HTML route below it need one name as file and folder', () => {
    expect(clash([[routeToFile('/api/users', 'application/json'), '/api/users'], [routeToFile('/api/users/1', html), '/api/users/1']])).toBe(
      'route "/api/users/1" needs the folder api/users, where route "/api/users" writes a file.',
    );
  });
});

describe('FileClaims of many routes', () => {
  // Route files are kept as hashes (a million routes would otherwise hold a string and a map entry
  // each): these two files' keys have one FNV-1a hash, and are still two files.
  it('takes two files whose keys share a hash, and still refuses each one taken again', () => {
    const claims = new FileClaims();
    claims.claim('p/3o4mm7', '/p/3o4mm7');
    expect(() => claims.claim('p/tnkssj', '/p/tnkssj')).not.toThrow();
    expect(catchErrorSync(() => claims.claim('p/TNKSSJ', '/p/TNKSSJ')).message).toMatch(/^route "\/p\/TNKSSJ" and route "\/p\/tnkssj" both write p\/TNKSSJ \(the names differ only in letter case: /);
    expect(catchErrorSync(() => claims.claim('p/3o4mm7/index.html', '/p/3o4mm7/')).message).toBe(
      'route "/p/3o4mm7/" needs the folder p/3o4mm7, where route "/p/3o4mm7" writes a file.',
    );
  });

  it('takes two folders whose keys share a hash, and still refuses a file where either is', () => {
    const claims = new FileClaims();
    claims.claim('p/3o4mm7/index.html', '/p/3o4mm7');
    expect(() => claims.claim('p/tnkssj/index.html', '/p/tnkssj')).not.toThrow();
    expect(catchErrorSync(() => claims.claim('p/tnkssj', '/p%2Ftnkssj')).message).toBe('route "/p%2Ftnkssj" writes the file p/tnkssj, where route "/p/tnkssj" needs a folder.');
    expect(catchErrorSync(() => claims.claim('p/3O4MM7', '/p/3O4MM7')).message).toBe('route "/p/3O4MM7" writes the file p/3O4MM7, where route "/p/3o4mm7" needs a folder.');
  });

  it('keeps the folders of 50,000 routes written as their folder\'s index.html, and refuses a file in the place of any', () => {
    const claims = new FileClaims();
    for (let i = 0; i < 50_000; i++) claims.claim(`docs/${i}/index.html`, `/docs/${i}`);
    for (const i of [0, 4_097, 49_999]) {
      expect(catchErrorSync(() => claims.claim(`docs/${i}`, `/docs/${i}.json`)).message).toBe(`route "/docs/${i}.json" writes the file docs/${i}, where route "/docs/${i}" needs a folder.`);
    }
  });

  it('finds every one of 50,000 routes again, whichever file form each writes', () => {
    const claims = new FileClaims();
    const route = (i: number) => `/docs/${i}`;
    for (let i = 0; i < 50_000; i++) claims.claim(routeToFile(route(i), i % 2 ? html : 'application/json'), route(i));
    for (const i of [0, 1, 4_097, 49_999]) {
      const file = routeToFile(route(i), i % 2 ? html : 'application/json');
      expect(catchErrorSync(() => claims.claim(file, `${route(i)}/`)).message).toBe(`route "${route(i)}/" and route "${route(i)}" both write ${file}.`);
    }
    expect(() => claims.claim('docs/50000', '/docs/50000')).not.toThrow();
  });
});
