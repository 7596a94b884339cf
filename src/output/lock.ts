import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { unlinkSync } from 'node:fs';
import { link, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { atExit } from '../at-exit.ts';
import { errors } from '../errors.ts';
import { isProcessAlive } from '../process-alive.ts';

/** What `<outDir>/.<name>.lock` holds: enough to tell a live build from a dead one. */
interface LockOwner {
  host: string;
  pid: number;
  id: string;
}

/** Ids of the locks this process holds, so a second build in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes `<outDir>/.<name>.lock` for one build and returns the function that releases it. A lock
 * whose build is gone (killed, or from another machine or container) is replaced; a live one makes
 * this build fail at once with a clear message rather than wait an unknown time. A disk too full for
 * the lock calls `freeSpace` once, when no live build holds the lock, and tries again if it freed some.
 * A process that exits holding it (code it ran called `process.exit()`) removes it as it exits.
 */
export async function takeLock(outDir: string, name: string, freeSpace?: () => Promise<boolean>): Promise<() => Promise<void>> {
  const file = join(outDir, `.${name}.lock`);
  const owner: LockOwner = { host: hostname(), pid: process.pid, id: randomBytes(8).toString('hex') };
  let freed = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await createWhole(file, JSON.stringify(owner));
      heldHere.add(owner.id);
      const cancelAtExit = atExit(() => unlinkIfThere(file));
      return async () => {
        cancelAtExit();
        heldHere.delete(owner.id);
        await rm(file, { force: true });
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' && freeSpace && !freed) {
        const found = await inspectLock(file);
        if (found?.owner && isRunning(found.owner)) throw errors.buildRunning(name, outDir, found.owner.pid, file);
        freed = true;
        if (await freeSpace()) continue;
      }
      if (code !== 'EEXIST') throw errors.output(file, error);
      const found = await inspectLock(file);
      if (!found) continue;
      if (found.owner && isRunning(found.owner)) throw errors.buildRunning(name, outDir, found.owner.pid, file);
      await takeOver(file, found);
    }
  }
  throw errors.lockContended(file);
}

/** A lock file as it was read: its text, its owner (none when unreadable) and its inode. */
interface FoundLock {
  text: string;
  owner?: LockOwner;
  ino: number;
}

/** The lock file as it is now, read through one handle so that text and inode are of one file. */
async function inspectLock(file: string): Promise<FoundLock | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw errors.output(file, error);
  }
  try {
    const { ino } = await handle.stat();
    const text = await handle.readFile('utf8');
    return { text, owner: parseOwner(text), ino };
  } finally {
    await handle.close();
  }
}

/** A takeover marker older than this was left by a build that died while taking over: a takeover takes milliseconds. */
const abandonedAfterMs = 30_000;

/**
 * Removes the dead build's lock `file`, unless another build does it first. Several builds may find
 * one dead lock at once, and deleting it blindly, one of them could delete the lock another has just
 * taken in its place, and both would run. So only the build that hard-links the dead lock to
 * `<file>.stale-<inode>` first removes it: the link is made once, and what it names (the same inode
 * and text; a new lock may reuse a freed inode, never the text) proves that `file` was still the dead
 * lock when it was made. The others fail with LOCKED.
 */
async function takeOver(file: string, dead: FoundLock): Promise<void> {
  const marker = `${file}.stale-${dead.ino}`;
  try {
    await link(file, marker);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EEXIST') {
      // A file system without hard links (network shares, FUSE): remove it, and hope.
      await rm(file, { force: true });
      return;
    }
    const since = await stat(marker).then((found) => Date.now() - found.ctimeMs, () => 0);
    if (since > abandonedAfterMs) return void (await rm(marker, { force: true }));
    throw errors.lockTakeover(file);
  }
  try {
    // The dead lock was replaced between reading and linking it: the link names the new, live one.
    const linked = await inspectLock(marker);
    if (linked?.ino === dead.ino && linked.text === dead.text) await rm(file, { force: true });
  } finally {
    await rm(marker, { force: true });
  }
}

/**
 * Creates `file` with its whole content at once, failing with EEXIST when it exists: written beside it
 * and hard-linked in, so no other build ever reads it half-written and takes it for a dead one's.
 */
async function createWhole(file: string, content: string): Promise<void> {
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    // Inside the try: on a full disk the draft is made and its write fails, and it must not stay.
    await writeFile(draft, content, { flag: 'wx' });
    try {
      await link(draft, file);
    } catch (error) {
      // Some file systems (network shares, FUSE) have no hard links: create it directly there.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      await writeDirectly(file, content);
    }
  } finally {
    await rm(draft, { force: true });
  }
}

/** Creates `file` with `content`; a write that fails removes the part-written file it made. */
async function writeDirectly(file: string, content: string): Promise<void> {
  try {
    await writeFile(file, content, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
    throw error;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.host === 'string' && typeof owner.pid === 'number' && typeof owner.id === 'string') return owner as LockOwner;
  } catch {
    // Unreadable or half-written (killed while writing it): treated as stale.
  }
  return undefined;
}

/**
 * Whether the build that wrote the lock still runs. Our own pid counts only for a lock this process
 * took: a container restarted with the same pid must not be locked out by its dead predecessor.
 */
function isRunning(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return heldHere.has(owner.id);
  return isProcessAlive(owner.pid);
}

/** Removes `file` now (on 'exit' only synchronous calls run); gone already is fine. */
function unlinkIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone, or not ours to remove any more: the next build sees to it.
  }
}
