import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../errors.ts';

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
 * this build fail at once with a clear message rather than wait an unknown time.
 */
export async function takeLock(outDir: string, name: string): Promise<() => Promise<void>> {
  const file = join(outDir, `.${name}.lock`);
  const owner: LockOwner = { host: hostname(), pid: process.pid, id: randomBytes(8).toString('hex') };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await createWhole(file, JSON.stringify(owner));
      heldHere.add(owner.id);
      return async () => {
        heldHere.delete(owner.id);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw errors.output(file, error);
      const holder = await readOwner(file);
      if (holder && isRunning(holder)) throw errors.buildRunning(name, outDir, holder.pid, file);
      await rm(file, { force: true });
    }
  }
  throw errors.lockContended(file);
}

/**
 * Creates `file` with its whole content at once, failing with EEXIST when it exists: written beside it
 * and hard-linked in, so no other build ever reads it half-written and takes it for a dead one's.
 */
async function createWhole(file: string, content: string): Promise<void> {
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(draft, content, { flag: 'wx' });
  try {
    await link(draft, file);
  } catch (error) {
    // Some file systems (network shares, FUSE) have no hard links: create it directly there.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await writeFile(file, content, { flag: 'wx' });
  } finally {
    await rm(draft, { force: true });
  }
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<LockOwner>;
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
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
