import { errors } from '../errors.ts';

/**
 * Who writes which file and needs which folder, so that no route silently replaces another's output.
 * Paths compare without letter case and Unicode normalisation form: routes that differ only in those
 * collide on macOS and Windows.
 */
export class FileClaims {
  private readonly files = new Map<string, string>();
  private readonly folders = new Map<string, string>();

  /**
   * Records that `owner` (a route starting with `/`, or a description such as "the file public/x")
   * writes `file` (relative to `public/`, `/`-separated). Throws OUTPUT_CLASH naming both owners when
   * the file is taken, is a folder another needs, or one of its folders is another's file; a refused
   * claim records nothing.
   */
  claim(file: string, owner: string): void {
    const key = file.normalize('NFC').toLowerCase();
    const taken = this.files.get(key);
    if (taken !== undefined) throw errors.outputClash(`${describe(owner)} and ${describe(taken)} both write ${file}.`);
    const asFolder = this.folders.get(key);
    if (asFolder !== undefined) {
      throw errors.outputClash(`${describe(owner)} writes the file ${file}, where ${describe(asFolder)} needs a folder.`);
    }
    const parts = key.split('/');
    const folders = parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
    for (const folder of folders) {
      const fileThere = this.files.get(folder);
      if (fileThere !== undefined) {
        const shown = file.split('/').slice(0, folder.split('/').length).join('/');
        throw errors.outputClash(`${describe(owner)} needs the folder ${shown}, where ${describe(fileThere)} writes a file.`);
      }
    }
    for (const folder of folders) if (!this.folders.has(folder)) this.folders.set(folder, owner);
    this.files.set(key, owner);
  }

  /** Who claimed `file` (compared as {@link claim} compares), if anyone did. */
  ownerOf(file: string): string | undefined {
    return this.files.get(file.normalize('NFC').toLowerCase());
  }
}

function describe(owner: string): string {
  return owner.startsWith('/') ? `route "${owner}"` : owner;
}
