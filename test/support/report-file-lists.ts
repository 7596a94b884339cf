/** File lists for the tests of report-files.json (src/report/file-list.ts) and of the comparison with one. */
import { createFileListWriter, type ListedFile, type ListedRoute } from '../../src/report/file-list.ts';
import { tempDir } from './helpers.ts';

/** What a build lists: its route files, in route order, then its other files, in path order. */
export type Build = { routes: ListedRoute[]; files: ListedFile[] };

/** Writes `build`'s list into a new folder, returned. */
export function writeList(build: Build): string {
  const dir = tempDir('file-list-');
  const writer = createFileListWriter(dir);
  for (const [route, file, bytes, crc] of build.routes) writer.route(route, file, bytes, crc);
  for (const [file, bytes, crc] of build.files) writer.file(file, bytes, crc);
  writer.end();
  return dir;
}

/** A build of four routes (one written as its index.html) and three other files. */
export const before: Build = {
  routes: [
    ['/api/a.json', 'api/a.json', 10, 1],
    ['/api/b.json', 'api/b.json', 20, 2],
    ['/docs', 'docs/index.html', 30, 3],
    ['/old.json', 'old.json', 40, 4],
  ],
  files: [
    ['feed.json', 7, 70],
    ['robots.txt', 5, 50],
    ['sitemap.xml', 6, 60],
  ],
};
