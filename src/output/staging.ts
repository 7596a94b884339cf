import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { errors, messageOf, PrerenderError } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import { warnings } from '../warnings.ts';
import { isProcessRunning, takeLock } from './lock.ts';

/**
 * Runs `work` in a staging folder next to `<outDir>/<name>` and swaps it in only when `work`
 * succeeds. A failed build removes its staging folder and leaves the previous output as it was; a
 * killed build leaves its staging folder behind, which the next build clears. A lock file keeps two
 * builds of one site from swapping over each other: the second fails at once, saying why. A file
 * system error (full disk, no permission, a file where a folder should be) becomes a PrerenderError
 * naming the path. Once the new output is in place the build has succeeded: a previous output or a
 * leftover it cannot remove is a warning on `logger`, and a later build removes it when it can.
 */
export async function withStaging<T>(outDir: string, name: string, logger: Logger, work: (stageDir: string) => Promise<T>): Promise<T> {
  const final = join(outDir, name);
  await makeOutDir(outDir, final);
  const release = await takeLock(outDir, name, () => clearDeadStaging(outDir, name));
  // Unique per build, not per process: two builds in one process must not share a folder.
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const stage = join(outDir, `.${name}.staging-${id}`);
  try {
    await clearLeftovers(outDir, name, final, logger);
    await mkdir(stage, { recursive: true });
    const result = await work(stage);
    const old = join(outDir, `.${name}.old-${id}`);
    if (await swap(stage, final, old)) {
      try {
        removeTree(old);
      } catch (error) {
        warn(logger, warnings.previousOutputLeft(old, messageOf(error)));
      }
    }
    return result;
  } catch (error) {
    try {
      removeTree(stage);
    } catch {
      // The build's own error matters more than a staging folder the next build clears anyway.
    }
    throw outOfStage(toOutputError(error, stage), stage, final);
  } finally {
    await release();
  }
}

/** Creates `outDir`; a file where it or `<outDir>/<name>` should be is a clear error, not EEXIST. */
async function makeOutDir(outDir: string, final: string): Promise<void> {
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw errors.notAFolder(outDir, 'outDir');
    throw errors.output(outDir, error);
  }
  if (existsSync(final) && !statSync(final).isDirectory()) throw errors.notAFolder(final, 'name');
}

/**
 * Staging and old folders of builds that died or could not remove them; a build killed mid-swap is
 * rolled back. One that cannot be removed (no permission) is a warning: it is not the output.
 */
async function clearLeftovers(outDir: string, name: string, final: string, logger: Logger): Promise<void> {
  const leftovers = (await readdir(outDir)).filter((entry) => entry.startsWith(`.${name}.staging-`) || entry.startsWith(`.${name}.old-`));
  const old = leftovers.find((entry) => entry.startsWith(`.${name}.old-`));
  if (old && !existsSync(final)) await rename(join(outDir, old), final);
  for (const entry of leftovers) {
    const path = join(outDir, entry);
    try {
      removeTree(path);
    } catch (error) {
      warn(logger, warnings.leftoverNotRemoved(path, messageOf(error)));
    }
  }
}

/**
 * Removes the staging folders of builds whose process has ended (`.<name>.staging-<pid>-<id>`);
 * returns whether there were any. Asked when the lock finds no room: a build killed on a full disk
 * leaves the staging folder that fills it, and without room for the lock no build could clear it.
 */
async function clearDeadStaging(outDir: string, name: string): Promise<boolean> {
  const prefix = `.${name}.staging-`;
  const dead = (await readdir(outDir)).filter((entry) => {
    const pid = Number(/^(\d+)-/.exec(entry.slice(prefix.length))?.[1]);
    return entry.startsWith(prefix) && pid > 0 && pid !== process.pid && !isProcessRunning(pid);
  });
  for (const entry of dead) removeTree(join(outDir, entry));
  return dead.length > 0;
}

/**
 * Puts `stage` in the place of `final`, the previous output moved aside to `old` first; returns
 * whether there was one (for the caller to remove). A new output that cannot move in puts the
 * previous one back, so a failed swap leaves what was published.
 */
async function swap(stage: string, final: string, old: string): Promise<boolean> {
  const hadPrevious = existsSync(final);
  if (hadPrevious) await rename(final, old);
  try {
    await rename(stage, final);
  } catch (error) {
    // Not put back: the next build does it (clearLeftovers), before anything else.
    if (hadPrevious) await rename(old, final).catch(() => {});
    throw error;
  }
  return hadPrevious;
}

/**
 * Removes a folder tree. Synchronously on purpose: fs.promises.rm starts work for every entry at once,
 * which held ~115 MB more at the peak when replacing a 100,000-file output; the synchronous walk holds
 * one folder at a time, and the build has nothing else to do meanwhile.
 */
function removeTree(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/**
 * A write error names the file where the output goes, not in the staging folder: that folder is
 * gone by the time anyone reads the message.
 */
function outOfStage(error: unknown, stage: string, final: string): unknown {
  if (error instanceof PrerenderError && error.code === 'WRITE_FAILED') error.message = error.message.split(stage).join(final);
  return error;
}

/** A Node file system error (it carries a `syscall`) as the clear error the CLI prints without a stack. */
function toOutputError(error: unknown, stage: string): unknown {
  if (error instanceof PrerenderError) return error;
  const system = error as NodeJS.ErrnoException;
  if (error instanceof Error && typeof system.code === 'string' && typeof system.syscall === 'string') {
    return errors.output(system.path ?? stage, error);
  }
  return error;
}
