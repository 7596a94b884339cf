import { describe, expect, it } from 'vitest';
import { hostType, needsTypeRule, type Host } from '../../src/hosts/host-types.ts';

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
