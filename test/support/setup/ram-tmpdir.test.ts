/**
 * The suite's temporary folders (setup/ram-tmpdir.ts): on a machine with a RAM disk this run's are
 * there, in a folder naming the run's process, and a run removes the folders of stopped runs only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ramDiskHasRoom, removeStoppedRuns } from './ram-tmpdir.ts';
import { tempDir } from '../helpers.ts';
import { deadPid } from '../pids.ts';
import { mountDisk, smallDiskSkipReason } from '../small-disk.ts';

describe('temporary folders of a test run', () => {
  it.runIf(ramDiskHasRoom())('are on the RAM disk, in a folder named after the run (the process that started this worker)', () => {
    expect(tmpdir()).toMatch(new RegExp(`^/dev/shm/api-prerender-tests-${process.ppid}-[^/]+$`));
    expect(existsSync(tmpdir())).toBe(true);
  });

  it("a run removes the folders of runs that stopped before their end, and no other run's", () => {
    const disk = tempDir('ram-disk-');
    const stopped = `api-prerender-tests-${deadPid()}-aaaaaa`;
    const running = `api-prerender-tests-${process.pid}-bbbbbb`;
    const other = 'api-prerender-tests-notes';
    for (const name of [stopped, running, other]) mkdirSync(join(disk, name, 'site'), { recursive: true });
    removeStoppedRuns(disk);
    expect(readdirSync(disk).sort()).toEqual([other, running].sort());
  });

  it("is not stopped by a stopped run's folder holding a mounted disk: that folder stays, and the next ones go", (context) => {
    const disk = tempDir('ram-disk-');
    const held = join(disk, `api-prerender-tests-${deadPid()}-aaaaaa`, 'disk');
    const after = `api-prerender-tests-${deadPid()}-bbbbbb`;
    mkdirSync(held, { recursive: true });
    mkdirSync(join(disk, after, 'site'), { recursive: true });
    if (!mountDisk(held, '1m')) return context.skip(smallDiskSkipReason);
    try {
      writeFileSync(join(held, 'filler'), Buffer.alloc(64 * 1024));
      expect(() => removeStoppedRuns(disk)).not.toThrow();
      // The mount point stays (whether its files went first depends on Node's rmSync: 24 on empties it).
      expect(existsSync(held)).toBe(true);
      expect(readdirSync(disk)).not.toContain(after);
    } finally {
      execFileSync('umount', [held]);
    }
  });
});
