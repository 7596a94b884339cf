/** The output layout (src/output/route-to-file.ts): which file under public/ a route is written to, and which routes have none. */
import { resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainRoute, parseRouteSegments, routeSegments, routeToFile } from '../../src/output/route-to-file.ts';
import { hasExtension } from '../../src/runtime/extension.ts';
import { catchErrorSync } from '../support/catch-error.ts';
import { accepted, contentType, hostileRoute } from '../support/arbitrary-routes.ts';

const html = 'text/html; charset=utf-8';
const json = 'application/json';

describe('routeToFile', () => {
  it.each([
    ['/api/rss.xml', 'text/xml', 'api/rss.xml'],
    ['/api/data.json', json, 'api/data.json'],
    ['/api/data.json', html, 'api/data.json'],
    ['/page.html', html, 'page.html'],
    ['/docs', html, 'docs/index.html'],
    ['/docs/', html, 'docs/index.html'],
    ['/', html, 'index.html'],
    ['/', 'TEXT/HTML', 'index.html'],
    ['/rss.xml/', html, 'rss.xml/index.html'],
    ['/api/users/1', json, 'api/users/1'],
    ['/api/feed', 'application/rss+xml', 'api/feed'],
    ['/api/hello', 'text/plain; charset=utf-8', 'api/hello'],
    ['/api/v1.2', json, 'api/v1.2'],
    ['/a%20b.json', json, 'a b.json'],
    ['/caf%C3%A9/men%C3%BC.json', json, 'café/menü.json'],
    ['/café.json', json, 'café.json'],
    ['/%252e.json', json, '%2e.json'],
    ['/a/%252e', json, 'a/%2e'],
    ['/a%23b', json, 'a#b'],
    ['/100%25.txt', 'text/plain', '100%.txt'],
  ])('%s answering %s is written to %s', (route, type, file) => {
    expect(routeToFile(route, type)).toBe(file);
  });

  it.each([
    ['/', json],
    ['/', 'text/plain'],
    ['/api/', json],
    ['/rss.xml/', 'text/xml'],
  ])('%s answering %s has no file it could be: OUTPUT_CLASH naming the route', (route, type) => {
    const error = catchErrorSync(() => routeToFile(route, type));
    expect(error.code).toBe('OUTPUT_CLASH');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain(`"${route}"`);
    expect(error.message).toContain(type);
    // "/" is the root, no route with a slash too many.
    expect(error.hint).toContain(route === '/' ? 'Answer HTML at "/"' : 'trailing "/"');
  });

  it.each([
    { route: '/api/posts.json/', type: json, says: 'ends in "/"', fix: 'List it as "/api/posts.json", without the trailing "/".' },
    { route: '/rss.xml/', type: 'text/xml', says: 'ends in "/"', fix: 'List it as "/rss.xml", without the trailing "/".' },
    // The route with an extension is served only by a route file named with it: both are said.
    {
      route: '/api/items/',
      type: json,
      says: 'ends in "/"',
      fix: 'List it without the trailing "/": "/api/items" (a file without extension, its type in _headers), or as "/api/items.json", with the extension of its type, where a route file serves that path (one named with the extension, such as items.json.ts).',
    },
    {
      route: '/api/notes/',
      type: 'text/plain',
      says: 'ends in "/"',
      fix: 'List it without the trailing "/": "/api/notes" (a file without extension, its type in _headers), or as "/api/notes.txt", with the extension of its type, where a route file serves that path (one named with the extension, such as notes.txt.ts).',
    },
    { route: '/', type: json, says: 'is the site\'s root', fix: 'Answer HTML at "/", or give the answer a name with the extension of its type: a route file index.json.ts in the routes folder (the one answering "/" renamed) serves "/index.json": list it instead of "/".' },
  ])('$route answering $type: the hint names the trailing slash and the route to list instead', ({ route, type, says, fix }) => {
    const error = catchErrorSync(() => routeToFile(route, type));
    expect(error.message).toContain(`Route "${route}" ${says}`);
    expect(error.hint).toBe(fix);
  });
});

describe('routeSegments', () => {
  it.each([
    ['/', []],
    ['/a/b/', ['a', 'b']],
    ['/a%2eb/x%2e%2ey', ['a.b', 'x..y']],
    ['/.well-known/security.txt', ['.well-known', 'security.txt']],
    ['/a/.well-known', ['a', '.well-known']],
    ['/console/com10/lpt0.txt/nul-x', ['console', 'com10', 'lpt0.txt', 'nul-x']],
    ['/%252e%252e/x', ['%2e%2e', 'x']],
    ['/a%20b', ['a b']],
    ['/%F0%9F%98%80', ['😀']],
  ])('%s -> %j (decoded exactly once)', (route, segments) => {
    expect(routeSegments(route)).toEqual(segments);
  });

  it('takes a segment of exactly 255 bytes, counted in UTF-8', () => {
    expect(routeSegments('/' + 'a'.repeat(255))).toEqual(['a'.repeat(255)]);
    expect(routeSegments('/x/' + 'é'.repeat(127) + 'a')).toEqual(['x', 'é'.repeat(127) + 'a']);
  });

  it.each([
    ['256 ASCII bytes', '/' + 'a'.repeat(256)],
    ['128 two-byte letters', '/' + 'é'.repeat(128)],
    ['256 bytes once decoded', '/x/' + '%41'.repeat(256)],
  ])('refuses a segment of %s: ROUTE_PATH, exit 2', (_, route) => {
    const error = catchErrorSync(() => routeSegments(route));
    expect([error.code, error.exitCode]).toEqual(['ROUTE_PATH', 2]);
    expect(error.message).toContain(route);
    expect(error.message).toContain('longer than 255 bytes');
  });

  it.each([
    ['/a/../b', 'would leave its folder'],
    ['/a/./b', 'would leave its folder'],
    ['/..', 'would leave its folder'],
    ['/a/..', 'would leave its folder'],
    ['/%2e%2e/secret', 'would leave its folder'],
    ['/%2E%2E/secret', 'would leave its folder'],
    ['/%2E./secret', 'would leave its folder'],
    ['/.%2e/secret', 'would leave its folder'],
    ['/%2e/x', 'would leave its folder'],
    ['/..%2fetc%2fpasswd', 'decodes to a path separator'],
    ['/..%2Fx', 'decodes to a path separator'],
    ['/..%5cwindows', 'decodes to a path separator'],
    ['/a%2fb', 'decodes to a path separator'],
    ['/a\\b', 'decodes to a path separator'],
    ['/..\\x', 'decodes to a path separator'],
    ['/a%00b', 'NUL or a control character'],
    ['/a\0b', 'NUL or a control character'],
    ['/a%0Ab', 'NUL or a control character'],
    ['/a%0db', 'NUL or a control character'],
    ['/a%1Fb', 'NUL or a control character'],
    ['/a%7Fb', 'NUL or a control character'],
    ['/a\tb', 'NUL or a control character'],
    ['/%E0%A4%A', 'not valid percent-encoding'],
    ['/%FF', 'not valid percent-encoding'],
    ['/%', 'not valid percent-encoding'],
    ['/a%zz', 'not valid percent-encoding'],
    ['/%ED%A0%80', 'not valid percent-encoding'],
    ['/a\uD800b', 'lone UTF-16 surrogate'],
    ['api/x', 'must start with "/"'],
    ['', 'must start with "/"'],
    ['x/../../y', 'must start with "/"'],
    ['/a?x=1', 'query or fragment'],
    ['/a#top', 'query or fragment'],
    ['/?', 'query or fragment'],
    ['//x', 'empty segment'],
    ['/a//b', 'empty segment'],
    ['/.env', 'starts with a dot'],
    ['/.well-known/.env', 'starts with a dot'],
    ['/.well-knownx/a', 'starts with a dot'],
    ['/%2eenv', 'starts with a dot'],
    ['/a/.hidden/b.json', 'starts with a dot'],
    ['/a ', 'ends with a space'],
    ['/a%20/b', 'ends with a space'],
    ['/a.', 'ends with a dot'],
    ['/api/v1./x', 'ends with a dot'],
    ['/a%2E', 'ends with a dot'],
    ['/con', 'device name Windows reserves'],
    ['/api/CON', 'device name Windows reserves'],
    ['/api/nul.json', 'device name Windows reserves'],
    ['/Aux.tar.gz', 'device name Windows reserves'],
    ['/prn/x', 'device name Windows reserves'],
    ['/com1', 'device name Windows reserves'],
    ['/LPT9.txt', 'device name Windows reserves'],
    ['/a:b', 'holds ":"'],
    ['/a%3Ab', 'holds ":"'],
    ['/a*', 'holds "*"'],
    ['/a%22b', 'holds "\""'],
    ['/a%3Cb', 'holds "<"'],
    ['/a%3Eb', 'holds ">"'],
    ['/a%7Cb', 'holds "|"'],
    ['/q%3Fx', 'holds "?"'],
  ])('%j is refused (%s): ROUTE_PATH, exit 2, naming the route', (route, reason) => {
    for (const run of [() => routeSegments(route), () => routeToFile(route, html), () => routeToFile(route, json)]) {
      const error = catchErrorSync(run);
      expect(error.code).toBe('ROUTE_PATH');
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain(`Route "${route}"`);
      expect(error.message).toContain(reason);
    }
  });
});

describe('hasExtension', () => {
  it.each([
    ['rss.xml', true],
    ['data.json', true],
    ['x.tar.gz', true],
    ['v1.2', true],
    ['users', false],
    ['.env', false],
    ['a.', false],
    ['a.b-c', false],
    ['json', false],
    ['FEED.XML', true],
    // The extension a host types the file by, as host-types.ts reads it (extensionOf).
    ['a..json', true],
    [undefined, false],
  ])('hasExtension(%j) is %s', (segment, expected) => {
    expect(hasExtension(segment)).toBe(expected);
  });
});

const publicDir = resolve('/srv/site/dist/site/public');
const runs = { numRuns: 3000 };

describe('routeToFile, over random routes', () => {
  it('throws a PrerenderError or names a file inside public/', () => {
    fc.assert(
      fc.property(hostileRoute, contentType, (path, type) => {
        const file = accepted(() => routeToFile(path, type));
        if (file === undefined) return;
        const target = resolve(publicDir, file);
        expect(target.startsWith(publicDir + sep)).toBe(true);
        expect(file.split('/')).not.toContain('..');
        expect(file).not.toMatch(/^\/|\/\/|\\|\0/);
      }),
      runs,
    );
  });

  it('writes exactly the decoded segments, plus index.html for HTML without extension', () => {
    fc.assert(
      fc.property(hostileRoute, contentType, (path, type) => {
        const file = accepted(() => routeToFile(path, type));
        if (file === undefined) return;
        const segments = routeSegments(path);
        expect([segments, [...segments, 'index.html']].map((s) => s.join('/'))).toContain(file);
      }),
      runs,
    );
  });
});

describe('isPlainRoute, the shortcut for routes of plain segments', () => {
  const plainish = fc
    .array(fc.oneof(fc.constantFrom('a', 'Z', '0', '-', '_', '~', '.', 'con', 'NUL', 'com1', 'lpt9', 'console', '.json', 'x'.repeat(120)), fc.constantFrom('/', '/')), { maxLength: 12 })
    .map((pieces) => '/' + pieces.join(''));

  it('holds only for routes whose segments are their path as it is, and pass every check', () => {
    fc.assert(
      fc.property(fc.oneof(plainish, hostileRoute), (route) => {
        if (!isPlainRoute(route)) return;
        const raw = route.slice(1).split('/');
        if (raw.at(-1) === '') raw.pop();
        expect(parseRouteSegments(route)).toEqual({ segments: raw });
      }),
      runs,
    );
  });

  it.each(['/api/items/1.json', '/docs/', '/a_b~c-d/v1.2'])('holds for %s', (route) => expect(isPlainRoute(route)).toBe(true));
  it.each(['/', '/caf%C3%A9', '/api/con', '/api/NUL.txt/x', '/lpt1/', '/a//b', '/.hidden', '/a.', '/a b', '/' + 'x'.repeat(256)])('does not hold for %j', (route) => expect(isPlainRoute(route)).toBe(false));

  it('places a plain route where its segments say', () => {
    fc.assert(
      fc.property(plainish, contentType, (route, type) => {
        const file = accepted(() => routeToFile(route, type));
        const segments = accepted(() => routeSegments(route));
        if (file === undefined || segments === undefined) return;
        const html = type.startsWith('text/html') && (route.endsWith('/') || !hasExtension(segments.at(-1)));
        expect(file).toBe([...segments, ...(html ? ['index.html'] : [])].join('/'));
      }),
      runs,
    );
  });
});
