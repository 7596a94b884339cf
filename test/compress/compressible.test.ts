import { describe, expect, it } from 'vitest';
import { isCompressible } from '../../src/compress/compressible.ts';

describe('isCompressible: the one rule for which files get copies (SPEC section 9)', () => {
  it.each([
    'text/html; charset=utf-8',
    'text/css',
    'text/plain',
    'text/csv',
    'text/javascript',
    'text/xml',
    'application/json',
    'application/json;charset=UTF-8',
    'application/xml',
    'application/rss+xml; charset=utf-8',
    'application/atom+xml',
    'application/feed+json',
    'application/ld+json',
    'application/manifest+json',
    'application/javascript',
    'application/x-javascript',
    'image/svg+xml',
    'Application/JSON',
  ])('%s is compressible', (type) => {
    expect(isCompressible(type)).toBe(true);
  });

  it.each([
    'image/png',
    'image/jpeg',
    'image/webp',
    'font/woff2',
    'video/mp4',
    'audio/mpeg',
    'application/zip',
    'application/gzip',
    'application/pdf',
    'application/octet-stream',
    'application/wasm',
    'application/jsonx',
    '',
  ])('%s is not', (type) => {
    expect(isCompressible(type)).toBe(false);
  });
});
