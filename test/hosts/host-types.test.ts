import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charsetOf, sameType } from '../../src/content-type.ts';
import { hostType, needsTypeRule, type Host } from '../../src/hosts/host-types.ts';
import { hasExtension } from '../../src/output/route-to-file.ts';
import { createStaticHandler } from '../../src/runtime/static.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

describe('one reading of a file name\'s extension', () => {
  // Files no manifest types: what our servers send is mrmime's type for the extension the hosts read.
  it.each([
    ['json', 'application/octet-stream', false],
    ['api/xml', 'application/octet-stream', false],
    ['FEED.XML', 'text/xml', true],
    ['a..json', 'application/json', true],
    ['x.tar.gz', 'application/gzip', true],
  ])('%s: our servers send %s; it has an extension: %s', async (file, type, extension) => {
    const root = writeSite({ [file]: 'x' }, tempDir('typed-'));
    const response = await createStaticHandler(root)(new Request(`http://localhost/${file}`));
    expect(response?.headers.get('content-type')).toBe(type);
    expect(hasExtension(file.split('/').at(-1))).toBe(extension);
    if (!extension) expect(hostType('cloudflare', file)).toBe('application/octet-stream');
  });
});

describe('hostType', () => {
  // What each host sent, measured with its own software (see the note in src/hosts/host-types.ts).
  it.each<[Host, string, string]>([
    ['cloudflare', 'rss.xml', 'application/xml'],
    ['cloudflare', 'a.txt', 'text/plain; charset=utf-8'],
    ['cloudflare', 'a.json', 'application/json'],
    ['cloudflare', 'a.js', 'application/javascript'],
    ['cloudflare', 'a.mjs', 'application/javascript'],
    ['cloudflare', 'a.md', 'text/markdown; charset=utf-8'],
    ['cloudflare', 'a.csv', 'text/csv; charset=utf-8'],
    ['cloudflare', 'a.rss', 'application/rss+xml'],
    ['cloudflare', 'a.atom', 'application/atom+xml'],
    ['cloudflare', 'a.webmanifest', 'application/manifest+json'],
    ['cloudflare', 'a.ics', 'text/calendar; charset=utf-8'],
    ['cloudflare', 'a.svg', 'image/svg+xml'],
    ['cloudflare', 'a.woff2', 'font/woff2'],
    ['cloudflare', 'favicon.ico', 'image/vnd.microsoft.icon'],
    ['cloudflare', 'a.yaml', 'text/yaml; charset=utf-8'],
    ['cloudflare', 'api/users/1', 'application/octet-stream'],
    ['cloudflare', 'api/.json', 'application/octet-stream'],
    ['cloudflare', 'FEED.XML', 'application/xml'],
    ['netlify', 'rss.xml', 'application/xml'],
    ['serve', 'rss.xml', 'application/xml'],
    ['serve', 'a.json', 'application/json; charset=utf-8'],
    ['serve', 'a.js', 'application/javascript; charset=utf-8'],
    ['serve', 'favicon.ico', 'image/x-icon'],
    ['serve', 'a.avif', 'application/octet-stream'],
    ['http-server', 'rss.xml', 'application/xml'],
    ['http-server', 'a.json', 'application/json; charset=utf-8'],
    ['sirv', 'rss.xml', 'text/xml'],
    ['sirv', 'a.txt', 'text/plain'],
    ['sirv', 'a.html', 'text/html; charset=utf-8'],
  ])('%s serves %s as %s', (host, file, type) => {
    expect(hostType(host, file)).toBe(type);
  });
});

describe('sameType', () => {
  it.each([
    ['application/json', 'application/json;charset=UTF-8', true, 'JSON is UTF-8 without a charset'],
    ['application/json', 'application/json; charset=iso-8859-1', false, 'a declared other charset'],
    ['text/plain', 'text/plain; charset=utf-8', false, 'text without charset is left to the browser'],
    ['text/plain; charset=utf8', 'Text/Plain; Charset="UTF-8"', true, 'spelling and case'],
    ['text/xml', 'application/xml', false, 'another media type'],
  ])('%s ~ %s -> %s (%s)', (a, b, expected) => {
    expect(sameType(a, b)).toBe(expected);
    expect(sameType(b, a)).toBe(expected);
  });

  it('is reflexive for any type and charset', () => {
    fc.assert(
      fc.property(fc.constantFrom('text/plain', 'application/json', 'image/png', 'text/xml'), fc.option(fc.constantFrom('utf-8', 'UTF8', 'iso-8859-1')), (type, charset) => {
        const full = charset === null ? type : `${type}; charset=${charset}`;
        return sameType(full, full) && charsetOf(full) === charsetOf(full.toUpperCase());
      }),
    );
  });
});

describe('needsTypeRule', () => {
  it.each([
    ['api/rss.xml', 'text/xml', true, 'hosts send application/xml'],
    ['api/rss.xml', 'application/xml', false, 'what hosts send'],
    ['api/rss.xml', 'application/rss+xml', true, 'another xml type'],
    ['data.json', 'application/json;charset=UTF-8', false, 'h3 JSON'],
    ['data.json', 'application/json; charset=iso-8859-1', true, 'another charset'],
    ['docs/index.html', 'text/html; charset=utf-8', false, 'html'],
    ['docs/index.html', 'text/html', true, 'hosts add charset=utf-8'],
    ['api/hello.txt', 'text/plain; charset=utf-8', false, 'text'],
    ['api/hello.txt', 'text/markdown; charset=utf-8', true, 'another text type'],
    ['api/users/1', 'application/json', true, 'no extension'],
    ['json', 'application/json', true, 'a file named like an extension has none'],
    ['v1.2/users', 'application/json', true, 'a dot in a folder is no extension'],
  ])('%s as %s -> %s (%s)', (file, type, expected) => {
    expect(needsTypeRule(file, type)).toBe(expected);
  });
});
