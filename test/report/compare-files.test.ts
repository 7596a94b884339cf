/** The comparison with the previous build's file list (src/report/compare-files.ts): added, changed, removed. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFiles, type FileChange } from '../../src/report/compare-files.ts';
import { fileListName, openFileList } from '../../src/report/file-list.ts';
import { before, writeList, type Build } from '../support/report-file-lists.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

/** Compares `current` with the list `previous` wrote: each file's change, then the totals. */
function compare(previousDir: string | undefined, current: Build) {
  const comparison = compareFiles(previousDir === undefined ? undefined : openFileList(previousDir));
  const changes: (FileChange | undefined)[] = [];
  for (const [route, file, bytes, crc] of current.routes) changes.push(comparison.route(route, file, bytes, crc));
  for (const [file, bytes, crc] of current.files) changes.push(comparison.file(file, bytes, crc));
  return { changes, totals: comparison.finish() };
}

describe('compareFiles', () => {
  it('a first build compares nothing', () => {
    const { changes, totals } = compare(undefined, before);
    expect(changes.every((change) => change === undefined)).toBe(true);
    expect(totals).toMatchObject({ previous: 'first', added: 0, changed: 0, removed: 0, same: 0 });
  });

  it('tells added, changed, removed and unchanged files apart, routes and other files alike', () => {
    const after: Build = {
      routes: [
        ['/api/a.json', 'api/a.json', 10, 1],
        ['/api/aa.json', 'api/aa.json', 1, 9],
        ['/api/b.json', 'api/b.json', 20, 99],
        ['/docs', 'docs', 30, 3],
      ],
      files: [
        ['robots.txt', 5, 50],
        ['sitemap.xml', 8, 60],
        ['zz.txt', 1, 1],
      ],
    };
    const { changes, totals } = compare(writeList(before), after);
    expect(changes).toEqual(['same', 'added', 'changed', 'added', 'same', 'changed', 'added']);
    expect(totals).toEqual({
      previous: 'compared',
      added: 3,
      changed: 2,
      removed: 3,
      same: 2,
      addedFiles: ['api/aa.json', 'docs', 'zz.txt'],
      changedFiles: ['api/b.json', 'sitemap.xml'],
      removedFiles: ['docs/index.html', 'old.json', 'feed.json'],
    });
  });

  it('a file that moves from a route to publicDir, or to another route, is the same file', () => {
    const after: Build = {
      routes: [
        ['/api/a.json', 'api/a.json', 10, 1],
        ['/api/b.json', 'api/b.json', 20, 2],
        ['/docs/', 'docs/index.html', 31, 3],
        ['/feed.json', 'feed.json', 7, 70],
      ],
      files: [
        ['old.json', 40, 4],
        ['robots.txt', 5, 50],
        ['sitemap.xml', 6, 60],
      ],
    };
    const { totals } = compare(writeList(before), after);
    expect(totals).toMatchObject({ added: 0, removed: 0, changed: 1, same: 6, changedFiles: ['docs/index.html'] });
  });

  it('a previous list that is cut short or not a list is unreadable: nothing is compared', () => {
    const dir = writeList(before);
    const path = join(dir, fileListName);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, text.indexOf('["/docs"')));
    expect(compare(dir, before).totals).toMatchObject({ previous: { unreadable: 'it ends before its closing line' }, added: 0, changed: 0, removed: 0 });
    writeFileSync(path, '{"version":2}\n');
    expect(compare(dir, before).totals.previous).toEqual({ unreadable: 'it does not start as a list of this version does' });
    writeFileSync(path, text.replace('["/docs","docs/index.html",30,3]', '["/docs",30,"x",3]'));
    expect(compare(dir, before).totals.previous).toMatchObject({ unreadable: expect.stringContaining('an entry of another shape') });
  });
});

describe("the build's line of what changed in public/", () => {
  it('names the files added, changed and removed since the last build, and says nothing when none did', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({ 'src/server/routes/api/posts/[slug].json.ts': route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam') });
    const build = (routes: string[]) => buildSite(root, { config: { outDir, name: 'posts', prerender: { routes } } });
    const said = (lines: string[]) => lines.filter((line) => line.startsWith('public/ since'));
    const first = await build(['/api/posts/a.json', '/api/posts/b.json', '/api/posts/c.json']);
    expect([said(first.logger.lines), first.report.changes]).toEqual([[], null]);
    const second = await build(['/api/posts/a.json', '/api/posts/d.json']);
    expect(said(second.logger.lines)).toEqual(['public/ since the last build: 1 file added (api/posts/d.json), 2 removed (api/posts/b.json, api/posts/c.json)']);
    // The report counts them, for a CI step to read (--json).
    expect(second.report.changes).toEqual({ added: 1, changed: 0, removed: 2 });
    const third = await build(['/api/posts/a.json', '/api/posts/d.json']);
    expect([said(third.logger.lines), third.report.changes]).toEqual([[], { added: 0, changed: 0, removed: 0 }]);
    // A CI job: dist/ fresh, the cache restored. The cache kept the last output's file list.
    rmSync(join(outDir, 'posts'), { recursive: true });
    const fresh = await build(['/api/posts/a.json']);
    expect([said(fresh.logger.lines), fresh.report.changes]).toEqual([['public/ since the last build: 1 file removed (api/posts/d.json)'], { added: 0, changed: 0, removed: 1 }]);
  });
});
