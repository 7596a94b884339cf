/**
 * Where the suite's temporary folders go. The suite writes and removes tens of thousands of small
 * files (sites, staged builds, npm installs, Cloudflare's 20,000-file limit), and on an ext4 disk
 * each create and unlink costs about half a millisecond of kernel time: 30 times what a RAM disk
 * costs. So, where the machine has a RAM disk with room (Linux's /dev/shm), the run's TMPDIR is a
 * fresh folder there, and the whole folder is removed when the run ends. Elsewhere (macOS, Windows,
 * a container with a small /dev/shm) the system's temporary folder is used, unchanged.
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const ramDisk = '/dev/shm';
const prefix = 'api-prerender-tests-';
/** Room a full run needs: sites, builds, and the packed package installed with its dependencies. */
const roomNeeded = 2 * 1024 ** 3;

/**
 * Points TMPDIR (what `os.tmpdir()` reads) of this process, and so of every process it starts, at a
 * new folder on the RAM disk. Returns a function that removes that folder, or undefined when the
 * temporary folder stays as it was: no RAM disk with room, or a nested run (test/fresh-lib.test.ts)
 * already inside the outer run's folder.
 */
export function useRamTmpdir(): (() => void) | undefined {
  if (basename(tmpdir()).startsWith(prefix) || freeBytes(ramDisk) < roomNeeded) return undefined;
  const dir = mkdtempSync(join(ramDisk, prefix));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

function freeBytes(path: string): number {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize;
  } catch {
    return 0;
  }
}
