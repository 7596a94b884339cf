/**
 * removeTree (src/output/remove-tree.ts) removes a whole tree, also when the process has a single
 * file descriptor left: a build that fails for want of them must still remove its staging folder.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { removeTree } from '../../src/output/remove-tree.ts';
import { repoRoot, tempDir, writeSite } from '../support/helpers.ts';

const run = promisify(execFile);

/** A tree four folders deep, with a file at every level. */
function deepTree(): string {
  return writeSite({ 'a/1.txt': '1', 'a/b/2.txt': '2', 'a/b/c/3.txt': '3', 'a/b/c/d/4.txt': '4', 'a/e/5.txt': '5' }, join(tempDir('tree-'), 'tree'));
}

describe('removeTree', () => {
  it('removes a tree, and a path that is not there is nothing to do', () => {
    const tree = deepTree();
    removeTree(tree);
    expect(existsSync(tree)).toBe(false);
    expect(() => removeTree(tree)).not.toThrow();
  });

  it('removes a tree four folders deep with one file descriptor left', async () => {
    const tree = deepTree();
    // In a process of its own, which opens /dev/null until it may open no more, then frees one.
    const script = `
      import { closeSync, openSync } from 'node:fs';
      import { removeTree } from ${JSON.stringify(join(repoRoot, 'lib/src/output/remove-tree.js'))};
      const held = [];
      try { for (;;) held.push(openSync('/dev/null', 'r')); } catch (error) { if (error.code !== 'EMFILE') throw error; }
      closeSync(held.pop());
      removeTree(${JSON.stringify(tree)});
    `;
    await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(existsSync(tree)).toBe(false);
  });
});
