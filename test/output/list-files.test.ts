/** The one lister of an output folder's files (src/output/list-files.ts), on a real folder. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../src/output/list-files.ts';
import { tempDir } from '../support/helpers.ts';

describe('listFiles', () => {
  const dir = tempDir('list-');
  for (const file of ['index.html', 'api/rss.xml', 'api/v1/users/1', '.well-known/x', '_headers']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), file);
  }
  mkdirSync(join(dir, 'empty'));
  symlinkSync(join(dir, 'api'), join(dir, 'linked-folder'), 'dir');
  symlinkSync(join(dir, 'index.html'), join(dir, 'linked-file'));

  it('names every file under the folder with "/" between folders, and no folder or link', async () => {
    expect((await listFiles(dir)).sort()).toEqual(['.well-known/x', '_headers', 'api/rss.xml', 'api/v1/users/1', 'index.html']);
  });

  it('keeps the files `keep` accepts, asked with the same names', async () => {
    const asked: string[] = [];
    const kept = await listFiles(dir, (file) => (asked.push(file), file.startsWith('api/')));
    expect(kept.sort()).toEqual(['api/rss.xml', 'api/v1/users/1']);
    expect(asked.sort()).toEqual(['.well-known/x', '_headers', 'api/rss.xml', 'api/v1/users/1', 'index.html']);
  });
});
