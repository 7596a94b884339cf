/**
 * The files of the build in place now. A build puts `dist/<name>/` in place whole, as a new folder,
 * while a server of the last one may still run (`prerender preview`, the built server itself): the
 * old folder's files are gone, and the same paths name the new build's. A table made for one build
 * would then describe one file and send another (the old file's length and ETag over the new bytes:
 * a body cut short). So a new table is made when the folder is replaced (folder-replaced.ts), and
 * each file is read through the table that described it; until the poll sees the new folder, each
 * file the old table had not read yet is described from disk as it is, so every answer is one file's.
 */
import type { FileSource, FoundFile } from './file-table.ts';
import { watchReplaced } from './folder-replaced.ts';

/** A {@link FileSource} that stops following its folder when closed. */
export interface FollowedFiles extends FileSource {
  close(): void;
}

/** The files of the build at `dir`, from `load()`, made again whenever `dir` is replaced. */
export function followBuild(dir: string, load: () => FileSource): FollowedFiles {
  let current = load();
  /** The table each file was found in: its bytes are read there, even if a new build came between. */
  const sources = new WeakMap<FoundFile, FileSource>();
  const remember = (found: FoundFile | undefined, source: FileSource) => {
    if (found) sources.set(found, source);
    return found;
  };
  const close = watchReplaced(dir, () => {
    current = load();
  });
  return {
    find(id) {
      const source = current;
      const found = source.find(id);
      return found instanceof Promise ? found.then((file) => remember(file, source)) : remember(found, source);
    },
    read: (file, range) => (sources.get(file) ?? current).read(file, range),
    close,
  };
}
