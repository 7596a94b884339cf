/** report-files.json alone (src/report/file-list.ts): what a build keeps for the next one to compare with. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileListName, openFileList } from '../../src/report/file-list.ts';
import { tempDir } from '../support/helpers.ts';
import { before, writeList } from '../support/report-file-lists.ts';

describe('report-files.json', () => {
  it('reads back what was written, a route whose file is its path written without it', () => {
    const dir = writeList(before);
    const text = readFileSync(join(dir, fileListName), 'utf8');
    expect(text).toContain('["/api/a.json","",10,1]');
    expect(text).toContain('["/docs","docs/index.html",30,3]');
    const reader = openFileList(dir)!;
    const read: unknown[] = [];
    for (let entry = reader.next(); entry; entry = reader.next()) read.push(entry);
    expect(read).toEqual([...before.routes, ...before.files]);
  });

  it('is the same bytes for the same files', () => {
    const [a, b] = [writeList(before), writeList(before)];
    expect(readFileSync(join(a, fileListName))).toEqual(readFileSync(join(b, fileListName)));
  });

  it('is not there for a build that kept none', () => {
    expect(openFileList(tempDir('no-list-'))).toBeUndefined();
  });
});
