/**
 * A file written piece by piece on a disk with room for part of the last piece: one write takes what
 * fits and reports no error, so the piece must be written to its end, where the disk says ENOSPC.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAll } from '../../src/output/write-all.ts';
import { tempDir } from '../support/helpers.ts';
import { fillDisk, mountDisk, smallDiskSkipReason } from '../support/small-disk.ts';

const disk = tempDir('disk-');
const mounted = mountDisk(disk, '1m');
afterAll(() => {
  if (mounted) execFileSync('umount', [disk]);
});

/** Leaves `room` bytes free on the full disk (a page of tmpfs is 4 KiB), by cutting its filler. */
function leaveRoom(filler: string, room: number): void {
  truncateSync(filler, statSync(filler).size - room);
}

/** Runs `use` on a new file `name` of the disk, opened for writing; returns the file's size after. */
function sizeAfter(name: string, use: (fd: number) => void): number {
  const fd = openSync(join(disk, name), 'w');
  try {
    use(fd);
  } finally {
    closeSync(fd);
  }
  return statSync(join(disk, name)).size;
}

describe.skipIf(!mounted)(`writeAll on a disk with 8 KiB left (${mounted ? '1 MiB tmpfs' : smallDiskSkipReason})`, () => {
  const filler = join(disk, 'filler');
  const piece = Buffer.alloc(64 * 1024, 7);
  // Filled once mounted only: a skipped suite's body still runs, on whatever disk tempDir is.
  beforeAll(() => void fillDisk(filler));

  it('one writeSync of 64 KiB writes 8 KiB and says nothing', () => {
    leaveRoom(filler, 8192);
    expect(sizeAfter('short', (fd) => expect(writeSync(fd, piece)).toBe(8192))).toBe(8192);
  });

  it('writeAll of the same piece throws ENOSPC, once it has written what fits', () => {
    leaveRoom(filler, 8192);
    expect(sizeAfter('whole', (fd) => expect(() => writeAll(fd, piece)).toThrow(expect.objectContaining({ code: 'ENOSPC' })))).toBe(8192);
  });

  it('writes a string whole where it fits, as its UTF-8 bytes', () => {
    leaveRoom(filler, 16384);
    expect(sizeAfter('text', (fd) => writeAll(fd, '\u00e9'.repeat(3000)))).toBe(6000);
  });
});
