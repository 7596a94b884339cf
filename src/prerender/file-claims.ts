import { errors } from '../errors.ts';

/**
 * Who writes which file and needs which folder, so that no route silently replaces another's output.
 * Paths compare without letter case: routes that differ only in case collide on macOS and Windows.
 */
export class FileClaims {
  private readonly files = new Map<string, string>();
  private readonly folders = new Map<string, string>();

  /**
   * Records that `owner` (a route, or a publicDir file) writes `file` (relative to `public/`).
   * Throws OUTPUT_CLASH naming both owners when the file is taken, is a folder another needs, or
   * sits where another's file is.
   */
  claim(file: string, owner: string): void {
    const key = file.toLowerCase();
    const taken = this.files.get(key);
    if (taken !== undefined) throw errors.outputClash(`${describe(owner)} and ${describe(taken)} both write ${file}.`);
    const asFolder = this.folders.get(key);
    if (asFolder !== undefined) {
      throw errors.outputClash(`${describe(owner)} writes the file ${file}, where ${describe(asFolder)} needs a folder.`);
    }
    const parts = key.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const fileThere = this.files.get(folder);
      if (fileThere !== undefined) {
        throw errors.outputClash(`${describe(owner)} needs the folder ${folder}, where ${describe(fileThere)} writes a file.`);
      }
      if (!this.folders.has(folder)) this.folders.set(folder, owner);
    }
    this.files.set(key, owner);
  }
}

function describe(owner: string): string {
  return owner.startsWith('/') ? `route "${owner}"` : owner;
}
