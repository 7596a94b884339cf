import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { atExit } from '../at-exit.ts';
import { shownPath } from '../config/output-paths.ts';
import { errors, messageOf, PrerenderError } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import { warnings } from '../warnings.ts';
import { isLeftByEndedProcess } from '../process-alive.ts';
import { takeLock } from './lock.ts';
import { makeOutDir, removeEmptyFolders } from './out-dir.ts';
import { removeTree } from './remove-tree.ts';

/** Where a build of `<outDir>/<name>` is staged and published: known before anything is made. */
export interface StagePaths {
  outDir: string;
  name: string;
  /** `<outDir>/<name>`: the output, once published. */
  final: string;
  /** The staging folder beside it, unique per build (not per process: two builds in one process must not share one). */
  dir: string;
  /** The staging folder's `public/`. */
  publicDir: string;
  /** Where the previous output goes while the new one moves in. */
  old: string;
}

/** The paths of a new staging of `<outDir>/<name>`. */
export function stagePaths(outDir: string, name: string): StagePaths {
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(outDir, `.${name}.staging-${id}`);
  return { outDir, name, final: join(outDir, name), dir, publicDir: join(dir, 'public'), old: join(outDir, `.${name}.old-${id}`) };
}

/** A staging folder made and the lock of its output taken: see {@link openStage}. */
export interface Stage {
  /** Puts the staged output in the place of the previous one: from here on the build has succeeded. */
  publish(): Promise<void>;
  /**
   * After a failure: removes the staging folder and releases the lock; returns `error` as it should
   * be reported (a file system error as WRITE_FAILED, naming where the output goes). Never throws.
   */
  abandon(error: unknown): Promise<unknown>;
  /** Releases the lock; safe to call more than once. */
  release(): Promise<void>;
}

/**
 * Makes the staging folder of `paths`, beside `<outDir>/<name>`, whose output replaces it only when
 * published. A failed build abandons it and leaves the previous output as it was; a killed build
 * leaves it behind, which the next build clears. A lock file keeps two builds of one site from
 * swapping over each other: the second fails at once, saying why. A file system error (full disk, no
 * permission, a file where a folder should be) becomes a PrerenderError naming the path (on a full
 * disk, saying that a previous output it replaces needs room too). Once the new
 * output is in place the build has succeeded: a previous output or a leftover it cannot remove is a
 * warning on `logger`, and a later build removes it when it can.
 */
export async function openStage(paths: StagePaths, logger: Logger): Promise<Stage> {
  const { outDir, name, final, dir } = paths;
  const made = await makeOutDir(outDir, final);
  // A site's first build that fails leaves no empty outDir behind: the folders it made go with it.
  const unmake = () => removeEmptyFolders(outDir, made);
  const unlock = await takeLock(outDir, name, () => clearDeadStaging(outDir, name)).catch((error: unknown) => {
    unmake();
    throw error;
  });
  let locked = true;
  const release = async () => {
    if (!locked) return;
    locked = false;
    await unlock();
  };
  const removeStaging = () => {
    try {
      removeTree(dir);
    } catch {
      // The build's own error matters more than a staging folder the next build clears anyway.
    }
  };
  // A process that exits while it stages (code the build ran called `process.exit()`) leaves no
  // staging folder, nor an outDir it made: on 'exit' only synchronous calls run, and these are (the
  // lock goes first, registered first: lock.ts).
  const cancelAtExit = atExit(() => {
    removeStaging();
    unmake();
  });
  const abandon = async (error: unknown) => {
    cancelAtExit();
    removeStaging();
    await release();
    unmake();
    const reported = outOfStage(toOutputError(error, dir), dir, final);
    return existsSync(final) ? errors.besidePreviousOutput(reported) : reported;
  };
  try {
    await clearLeftovers(outDir, name, final, logger);
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw await abandon(error);
  }
  return {
    async publish() {
      cancelAtExit();
      if (await swap(dir, final, paths.old)) {
        try {
          removeTree(paths.old);
        } catch (error) {
          warn(logger, warnings.previousOutputLeft(shownPath(paths.old), messageOf(error)));
        }
      }
    },
    abandon,
    release,
  };
}

/**
 * Runs `work` in a new staging folder of `<outDir>/<name>` (see {@link openStage}) and publishes it
 * when `work` succeeds; abandons it when `work` throws.
 */
export async function withStaging<T>(outDir: string, name: string, logger: Logger, work: (stageDir: string) => Promise<T>): Promise<T> {
  const paths = stagePaths(outDir, name);
  const stage = await openStage(paths, logger);
  try {
    const result = await work(paths.dir);
    await stage.publish();
    return result;
  } catch (error) {
    throw await stage.abandon(error);
  } finally {
    await stage.release();
  }
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
      warn(logger, warnings.leftoverNotRemoved(shownPath(path), messageOf(error)));
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
  const dead = (await readdir(outDir)).filter((entry) => isLeftByEndedProcess(entry, prefix));
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
