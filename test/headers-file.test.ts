import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsHeader, writeHeadersFile, type TypedFile } from '../src/prerender/headers-file.ts';
import { tempDir } from './helpers.ts';

describe('needsHeader', () => {
  it.each([
    ['api/rss.xml', 'text/xml', false, 'mrmime 2 implies text/xml for .xml'],
    ['api/rss.xml', 'text/xml; charset=utf-8', false, 'mrmime 2 implies text/xml for .xml'],
    ['api/rss.xml', 'application/xml', true, 'not the type .xml implies'],
    ['api/rss.xml', 'application/rss+xml', true, 'another xml type'],
    ['data.json', 'application/json', false, 'the type .json implies'],
    ['data.json', 'application/json;charset=UTF-8', false, 'utf-8 is what hosts assume'],
    ['data.json', 'Application/JSON; charset=utf8', false, 'case and the utf8 spelling do not matter'],
    ['data.json', 'application/json; charset=iso-8859-1', true, 'another charset'],
    ['page.html', 'text/html; charset=utf-8', false, 'html'],
    ['page.html', 'text/html; charset=windows-1252', true, 'another charset'],
    ['docs/index.html', 'text/html', false, 'an index.html'],
    ['api/hello.txt', 'text/plain; charset=utf-8', false, 'text'],
    ['api/hello.txt', 'text/markdown', true, 'another text type'],
    ['api/users/1', 'application/json', true, 'no extension'],
    ['api/hello', 'text/plain; charset=utf-8', true, 'no extension'],
    ['json', 'application/json', true, 'a file named like an extension has none'],
    ['api/.json', 'application/json', true, 'a dot-file has no extension'],
    ['v1.2/users', 'application/json', true, 'a dot in a folder is no extension'],
    ['x.unknownext', 'application/octet-stream', true, 'an extension mrmime does not know'],
    ['FEED.XML', 'text/xml', false, 'extensions compare without case'],
    ['FEED.JSON', 'application/json', false, 'extensions compare without case'],
  ])('%s as %s -> %s (%s)', (file, contentType, expected) => {
    expect(needsHeader({ file, contentType })).toBe(expected);
  });
});

const files: TypedFile[] = [
  { file: 'api/users/1', contentType: 'application/json' },
  { file: 'api/data.json', contentType: 'application/json' },
  { file: 'api/rss.xml', contentType: 'text/xml' },
  { file: 'api/atom.xml', contentType: 'application/atom+xml' },
];
const ours = [
  '# Added by api-prerender: types the extension does not imply',
  '/api/atom.xml',
  '  Content-Type: application/atom+xml',
  '/api/users/1',
  '  Content-Type: application/json',
  '',
].join('\n');

describe('writeHeadersFile', () => {
  it('writes a rule for each file that needs one, sorted by file', async () => {
    const dir = tempDir('headers-');
    expect(await writeHeadersFile(dir, files)).toBe(2);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(ours);
  });

  it('writes no file when no type needs a rule', async () => {
    const dir = tempDir('headers-');
    expect(await writeHeadersFile(dir, [{ file: 'a.json', contentType: 'application/json' }])).toBe(0);
    expect(existsSync(join(dir, '_headers'))).toBe(false);
  });

  it.each([
    ['ending in a newline', '/*\n  X-Frame-Options: DENY\n'],
    ['without a final newline', '/*\n  X-Frame-Options: DENY'],
  ])('keeps an existing _headers %s and adds its rules after a blank line', async (_, existing) => {
    const dir = tempDir('headers-');
    writeFileSync(join(dir, '_headers'), existing);
    expect(await writeHeadersFile(dir, files)).toBe(2);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe('/*\n  X-Frame-Options: DENY\n\n' + ours);
  });

  it('leaves an existing _headers untouched when nothing needs a rule', async () => {
    const dir = tempDir('headers-');
    writeFileSync(join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    await writeHeadersFile(dir, []);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe('/*\n  X-Frame-Options: DENY\n');
  });

  it('percent-encodes file names, so spaces, colons and * cannot break or widen a rule', async () => {
    const dir = tempDir('headers-');
    await writeHeadersFile(dir, [
      { file: 'a b/c:d', contentType: 'application/json' },
      { file: 'x/*', contentType: 'text/csv' },
      { file: 'café', contentType: 'text/plain' },
    ]);
    const paths = readFileSync(join(dir, '_headers'), 'utf8').split('\n').filter((line) => line.startsWith('/'));
    expect(paths).toEqual(['/a%20b/c%3Ad', '/caf%C3%A9', '/x/%2A']);
  });
});
