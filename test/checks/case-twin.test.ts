/** A broken link's file spelt otherwise but for case, looked up as the static layer looks up a path. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseTwin } from '../../src/checks/case-twin.ts';
import { tempDir } from '../support/helpers.ts';

function publicDir(): string {
  const dir = tempDir('public-');
  mkdirSync(join(dir, 'docs', 'guide'), { recursive: true });
  writeFileSync(join(dir, 'docs', 'guide', 'Intro.html'), '');
  writeFileSync(join(dir, 'docs', 'index.html'), '');
  writeFileSync(join(dir, 'about.html'), '');
  mkdirSync(join(dir, 'Empty'));
  return dir;
}

describe('caseTwin', () => {
  const dir = publicDir();

  it.each([
    ['/About.html', '/about.html'],
    ['/DOCS/Guide/intro.HTML', '/docs/guide/Intro.html'],
    // A folder's index.html, linked to by the folder's path.
    ['/Docs', '/docs'],
    // Percent-encoded as a link may be: decoded once, as the server decodes it.
    ['/%41bout.html', '/about.html'],
  ])('%s: %s', (target, spelt) => {
    expect(caseTwin(dir, target)).toBe(spelt);
  });

  it.each([
    ['no file alike', '/contact.html'],
    ['a folder with no index.html', '/empty'],
    ['spelt as the file is', '/about.html'],
    ['a path that cannot be decoded', '/%E0%A4%A.html'],
  ])('none for %s (%s)', (_, target) => {
    expect(caseTwin(dir, target)).toBeUndefined();
  });
});
