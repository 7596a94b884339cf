import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFingerprints } from '../../src/cache/fingerprint.ts';
import { writeSite } from '../support/helpers.ts';

describe('fingerprints', () => {
  it('tell a file by its bytes, a folder by its names, and nothing by -', () => {
    const root = writeSite({ 'a.txt': 'a', 'b.txt': 'a', 'c.txt': 'c', 'dir/x.md': 'x' });
    const now = createFingerprints();
    expect(now.file(join(root, 'a.txt'))).toMatch(/^f:[\w-]{22}$/);
    expect(now.file(join(root, 'a.txt'))).toBe(now.file(join(root, 'b.txt')));
    expect(now.file(join(root, 'c.txt'))).not.toBe(now.file(join(root, 'a.txt')));
    expect(now.file(join(root, 'dir'))).toMatch(/^d:/);
    expect(now.file(join(root, 'missing'))).toBe('-');
    expect(now.tree(root)).toMatch(/^t:/);
    expect(now.tree(join(root, 'a.txt'))).toBe('-');
  });

  it('tell a symbolic link by where it points too: moved to a folder of the same names, it changed', () => {
    const root = writeSite({ 'releases/v1/a.json': '1', 'releases/v2/a.json': '2' });
    symlinkSync('releases/v1', join(root, 'current'));
    const before = createFingerprints().file(join(root, 'current'));
    expect(before).toMatch(/^l:[\w-]{22}:d:/);
    rmSync(join(root, 'current'));
    symlinkSync('releases/v2', join(root, 'current'));
    expect(createFingerprints().file(join(root, 'current'))).not.toBe(before);
    rmSync(join(root, 'releases'), { recursive: true });
    expect(createFingerprints().file(join(root, 'current'))).toMatch(/^l:[\w-]{22}:-$/);
  });

  it('are computed once per build, and see the change in the next one', () => {
    const root = writeSite({ 'a.txt': 'a', 'dir/x.md': 'x' });
    const first = createFingerprints();
    const [file, dir, tree] = [first.file(join(root, 'a.txt')), first.file(join(root, 'dir')), first.tree(root)];
    writeFileSync(join(root, 'a.txt'), 'changed');
    mkdirSync(join(root, 'dir', 'sub'));
    writeFileSync(join(root, 'dir', 'sub', 'y.md'), 'y');
    expect([first.file(join(root, 'a.txt')), first.file(join(root, 'dir')), first.tree(root)]).toEqual([file, dir, tree]);

    const next = createFingerprints();
    expect(next.again(join(root, 'a.txt'), file)).not.toBe(file);
    expect(next.again(join(root, 'dir'), dir)).not.toBe(dir);
    expect(next.again(root, tree)).not.toBe(tree);
    // A folder's fingerprint is its names: a file changed inside it leaves it, not its tree.
    const names = next.file(join(root, 'dir'));
    const below = next.tree(join(root, 'dir'));
    writeFileSync(join(root, 'dir', 'x.md'), 'new bytes');
    rmSync(join(root, 'dir', 'sub', 'y.md'));
    const after = createFingerprints();
    expect(after.file(join(root, 'dir'))).toBe(names);
    expect(after.tree(join(root, 'dir'))).not.toBe(below);
  });
});
