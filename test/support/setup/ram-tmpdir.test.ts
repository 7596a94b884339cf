/**
 * The suite's temporary folders (setup/ram-tmpdir.ts): on a machine with a RAM disk this run's are
 * there, in a folder naming the run's process, and a run removes the folders of stopped runs only.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ramDiskHasRoom, removeStoppedRuns } from './ram-tmpdir.ts';
import { tempDir } from '../helpers.ts';
import { deadPid } from '../pids.ts';

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
});
