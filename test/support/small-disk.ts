/** A real small disk for the tests of a full one: a tmpfs of a set size, and ways to fill it. */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';

/** Mounts a tmpfs of `size` (`5m`) at `dir`. Mounting needs root (or CAP_SYS_ADMIN); elsewhere it returns false. */
export function mountDisk(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Fills the disk `file` is on with `file` until it has no room left; returns its path. */
export function fillDisk(file: string): string {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return file;
}

/** Why the tests on a small disk were skipped, when {@link mountDisk} could not mount one. */
export const smallDiskSkipReason = 'needs root (or CAP_SYS_ADMIN) to mount a small tmpfs';
