/**
 * Where the suite's temporary folders go. The suite writes and removes tens of thousands of small
 * files (sites, staged builds, npm installs, Cloudflare's 20,000-file limit), and on an ext4 disk
 * each create and unlink costs about half a millisecond of kernel time: 30 times what a RAM disk
 * costs. So, where the machine has a RAM disk with room (Linux's /dev/shm), the run's TMPDIR is a
 * fresh folder there, and the whole folder is removed when the run ends. A run stopped before its
 * end (Ctrl-C skips the teardown) leaves its folder, which holds memory: the next run removes the
 * folders of runs whose process is gone. Elsewhere (macOS, Windows, a container with a small
 * /dev/shm) the system's temporary folder is used, unchanged.
 */
import { mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { isRunning } from '../pids.ts';

const ramDisk = '/dev/shm';
const prefix = 'api-prerender-tests-';
/**
 * Room a run needs: sites, builds, the packed package installed with its dependencies, the unpacked
 * Chromium. A full run peaked at 207 MB; 1 GiB leaves room to grow.
 */
const roomNeeded = 1024 ** 3;

/**
 * Points TMPDIR (what `os.tmpdir()` reads) of this process, and so of every process it starts, at a
 * new folder on the RAM disk. Returns a function that removes that folder, or undefined when the
 * temporary folder stays as it was: no RAM disk with room, or a nested run
 * (test/support/setup/global-setup.test.ts) already inside the outer run's folder.
 */
export function useRamTmpdir(): (() => void) | undefined {
  if (basename(tmpdir()).startsWith(prefix) || !ramDiskHasRoom()) return undefined;
  removeStoppedRuns();
  const dir = mkdtempSync(join(ramDisk, `${prefix}${process.pid}-`));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Removes the folders of `folder` named `api-prerender-tests-<pid>-*` whose run (process `pid`) has
 * ended; the others may belong to runs still going. A folder that cannot be removed is left, and
 * the others still go: a full-disk test stopped before its teardown leaves its small tmpfs (1-5 MiB)
 * mounted there (EBUSY), which no later run should fail on.
 */
export function removeStoppedRuns(folder = ramDisk): void {
  const owner = new RegExp(`^${prefix}(\\d+)-`);
  for (const name of readdirSync(folder)) {
    const pid = Number(owner.exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    try {
      rmSync(join(folder, name), { recursive: true, force: true });
    } catch {
      // Left for whoever unmounts what holds it.
    }
  }
}

/** Whether the machine has a RAM disk with the room a run needs (none at all: false). */
export function ramDiskHasRoom(): boolean {
  try {
    const { bavail, bsize } = statfsSync(ramDisk);
    return bavail * bsize >= roomNeeded;
  } catch {
    return false;
  }
}
