import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHeadersFile as writeRules, type TypedFile } from '../../src/hosts/headers-file.ts';
import { listedFiles } from '../../src/hosts/host-output.ts';
import { createHeaderRulePlanner } from '../../src/hosts/plan-header-rules.ts';
import { tempDir } from '../support/helpers.ts';

const files: TypedFile[] = [
  { route: '/api/users/1', file: 'api/users/1', contentType: 'application/json' },
  { route: '/api/data.json', file: 'api/data.json', contentType: 'application/json' },
  { route: '/api/rss.xml', file: 'api/rss.xml', contentType: 'text/xml' },
  { route: '/api/atom.xml', file: 'api/atom.xml', contentType: 'application/atom+xml' },
];
const ours = [
  '# Added by api-prerender: the types and headers routes answered with, where hosts would send others',
  '/api/atom.xml',
  '  Content-Type: application/atom+xml',
  '/api/rss.xml',
  '  Content-Type: text/xml',
  '/api/users/1',
  '  Content-Type: application/json',
  '',
].join('\n');

/** The rules of `routes` planned as a build plans them, and written into `dir`'s `_headers`. */
function writeHeadersFile(dir: string, routes: TypedFile[]): Promise<number> {
  const planner = createHeaderRulePlanner(dir);
  for (const file of routes) planner.add(file);
  return writeRules(dir, planner, listedFiles(routes, dir));
}

describe('writeHeadersFile', () => {
  it('writes a rule for each file that needs one, sorted by file', async () => {
    const dir = tempDir('headers-');
    expect(await writeHeadersFile(dir, files)).toBe(3);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(ours);
  });

  it('writes no file when no type needs a rule', async () => {
    const dir = tempDir('headers-');
    expect(await writeHeadersFile(dir, [{ route: '/a.json', file: 'a.json', contentType: 'application/json' }])).toBe(0);
    expect(existsSync(join(dir, '_headers'))).toBe(false);
  });

  it.each([
    ['ending in a newline', '/*\n  X-Frame-Options: DENY\n'],
    ['without a final newline', '/*\n  X-Frame-Options: DENY'],
  ])('keeps an existing _headers %s and adds its rules after a blank line', async (_, existing) => {
    const dir = tempDir('headers-');
    writeFileSync(join(dir, '_headers'), existing);
    expect(await writeHeadersFile(dir, files)).toBe(3);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe('/*\n  X-Frame-Options: DENY\n\n' + ours);
  });

  it('leaves an existing _headers untouched when nothing needs a rule', async () => {
    const dir = tempDir('headers-');
    writeFileSync(join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    await writeHeadersFile(dir, []);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe('/*\n  X-Frame-Options: DENY\n');
  });

  it('spells paths as browsers send them, which is what hosts compare', async () => {
    const dir = tempDir('headers-');
    await writeHeadersFile(dir, [
      { route: '/a b/c++', file: 'a b/c++', contentType: 'application/json' },
      { route: '/100%25', file: '100%', contentType: 'text/csv' },
      { route: '/café', file: 'café', contentType: 'text/plain' },
      { route: '/br[1]@x', file: 'br[1]@x', contentType: 'text/plain' },
    ]);
    const paths = readFileSync(join(dir, '_headers'), 'utf8').split('\n').filter((line) => line.startsWith('/'));
    expect(paths).toEqual(['/100%25', '/a%20b/c++', '/br[1]@x', '/caf%C3%A9']);
  });
});
