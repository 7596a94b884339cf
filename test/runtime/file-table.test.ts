/**
 * The static layer's two file sources (src/runtime/file-table.ts): a build's table, listed once, and
 * the dev server's live lookups; one rule for what either serves.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileTable, createLiveFiles, wholeFileBytes, type FileSource } from '../../src/runtime/file-table.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

/** A public/ folder with every kind of name, and links into and out of it. */
function writePublic(): { root: string; outside: string } {
  const outside = writeSite({ 'secret.txt': 'outside' }, tempDir('outside-'));
  const root = writeSite({
    'index.html': '<h1>Home</h1>',
    'robots.txt': 'User-agent: *\n',
    'api/feed': '<rss/>',
    'docs/index.html': '<h1>Docs</h1>',
    '.env': 'secret',
    '.hidden/x.txt': 'secret',
    '.well-known/security.txt': 'Contact: x',
    '_headers': '/*\n  X: y\n',
    '_Redirects': '/a /b',
    'sub/_headers': 'not a host file here',
    'q#1.json': '{"q":1}',
    '%23x.txt': 'ambiguous',
    'caf\u00e9 au lait.txt': 'cafe',
  }, tempDir('public-'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'out-link.txt'));
  symlinkSync(outside, join(root, 'out-dir'));
  symlinkSync(join(root, 'robots.txt'), join(root, 'in-link.txt'));
  symlinkSync(join(root, 'docs'), join(root, 'in-dir'));
  symlinkSync(root, join(root, 'docs', 'loop'));
  return { root, outside };
}

async function bodyOf(files: FileSource, id: string): Promise<string | undefined> {
  const found = await files.find(id);
  if (!found) return undefined;
  const body = await files.read(found);
  return body instanceof ReadableStream ? await new Response(body).text() : body.toString('utf8');
}

describe.each([
  ['a build\'s table', createFileTable],
  ['the live lookups of dev', createLiveFiles],
] as const)('%s', (_name, create) => {
  const { root } = writePublic();
  const files = create(root);

  it.each([
    ['/robots.txt', 'User-agent: *\n'],
    ['/api/feed', '<rss/>'],
    ['//index.html', '<h1>Home</h1>'],
    ['/docs/index.html', '<h1>Docs</h1>'],
    ['/.well-known/security.txt', 'Contact: x'],
    ['/sub/_headers', 'not a host file here'],
    ['/q%231.json', '{"q":1}'],
    ['/caf\u00e9 au lait.txt', 'cafe'],
    ['/in-link.txt', 'User-agent: *\n'],
    ['/in-dir/index.html', '<h1>Docs</h1>'],
  ])('serves %s', async (id, body) => {
    expect(await bodyOf(files, id)).toBe(body);
  });

  it.each([
    '/', '/docs', '/.env', '/.hidden/x.txt', '/_headers', '/_Redirects', '/%23x.txt', '/out-link.txt', '/out-dir/secret.txt',
    '/nothing', '/robots.txt/x', '/a%2Fb',
  ])('serves nothing at %s', async (id) => {
    expect(await files.find(id)).toBeUndefined();
  });

  it('gives a file the type of its extension, bytes for none, a weak ETag of its size and time, and its size', async () => {
    expect(await files.find('/robots.txt')).toMatchObject({ type: 'text/plain; charset=utf-8', size: 14, etag: expect.stringMatching(/^W\/"e-[0-9a-f]+"$/) });
    expect((await files.find('/api/feed'))?.type).toBe('application/octet-stream');
  });
});

describe('a build\'s table', () => {
  it('gives a file the type and headers its manifest recorded', () => {
    const root = writeSite({ 'api/feed': '<rss/>', 'a.json': '{}' }, tempDir('public-'));
    const files = createFileTable(root, { types: new Map([['api/feed', 'application/rss+xml']]), headers: new Map([['api/feed', [['x-robots-tag', 'noindex']]]]) });
    expect(files.find('/api/feed')).toMatchObject({ type: 'application/rss+xml', headers: [['x-robots-tag', 'noindex']] });
    expect(files.find('/a.json')).toMatchObject({ type: 'application/json' });
  });

  it('is the folder as it was when listed: a file added later is not served, one removed no more', () => {
    const root = writeSite({ 'a.txt': 'a', 'b.txt': 'b' }, tempDir('public-'));
    const files = createFileTable(root);
    writeFileSync(join(root, 'late.txt'), 'late');
    rmSync(join(root, 'b.txt'));
    expect(files.find('/late.txt')).toBeUndefined();
    expect(files.find('/b.txt')).toBeUndefined();
    expect(files.find('/a.txt')).toBeDefined();
  });

  it('keeps what it read of a small file: the body served stays the one its size and ETag describe', async () => {
    const root = writeSite({ 'a.txt': 'first' }, tempDir('public-'));
    const files = createFileTable(root);
    expect(await bodyOf(files, '/a.txt')).toBe('first');
    writeFileSync(join(root, 'a.txt'), 'second, longer');
    expect(await bodyOf(files, '/a.txt')).toBe('first');
    expect(files.find('/a.txt')).toMatchObject({ size: 5 });
  });

  it('streams a file over the whole-read size', async () => {
    const root = writeSite({ 'big.bin': 'x'.repeat(wholeFileBytes + 1) }, tempDir('public-'));
    const files = createFileTable(root);
    const body = files.read(files.find('/big.bin') as never);
    expect(body).toBeInstanceOf(ReadableStream);
    expect((await new Response(body as ReadableStream).arrayBuffer()).byteLength).toBe(wholeFileBytes + 1);
  });

  it('lists a link to a folder it is listing (a loop) as nothing', () => {
    const files = createFileTable(writePublic().root);
    expect(files.find('/docs/loop/robots.txt')).toBeUndefined();
    expect(files.find('/in-dir/loop/robots.txt')).toBeUndefined();
  });

  it('is empty for a folder that does not exist', () => {
    expect(createFileTable(join(tempDir('public-'), 'missing')).find('/index.html')).toBeUndefined();
  });
});

describe('the live lookups of dev', () => {
  it('serve a file added after they started, and what it holds now', async () => {
    const root = tempDir('public-');
    mkdirSync(join(root, 'a'));
    const files = createLiveFiles(root);
    expect(await files.find('/a/late.txt')).toBeUndefined();
    writeFileSync(join(root, 'a', 'late.txt'), 'late');
    expect(await bodyOf(files, '/a/late.txt')).toBe('late');
    writeFileSync(join(root, 'a', 'late.txt'), 'later');
    expect(await bodyOf(files, '/a/late.txt')).toBe('later');
  });
});
