import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errors, PrerenderError } from '../errors.ts';

/**
 * Runs `work` in a staging folder next to `<outDir>/<name>` and swaps it in only when `work`
 * succeeds. A failed build removes its staging folder and leaves the previous output as it was; a
 * killed build leaves its staging folder behind, which the next build clears. A lock file keeps two
 * builds of one site from swapping over each other: the second fails at once, saying why.
 */
export async function withStaging<T>(outDir: string, name: string, work: (stageDir: string) => Promise<T>): Promise<T> {
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    throw errors.output(outDir, error);
  }
  const release = await lock(outDir, name);
  const final = join(outDir, name);
  const stage = join(outDir, `.${name}.staging-${process.pid}`);
  try {
    await clearLeftovers(outDir, name, final);
    await mkdir(stage, { recursive: true });
    const result = await work(stage);
    await swap(stage, final, join(outDir, `.${name}.old-${process.pid}`));
    return result;
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}

/** Staging and old folders of builds that died; a build killed mid-swap is rolled back. */
async function clearLeftovers(outDir: string, name: string, final: string): Promise<void> {
  const leftovers = (await readdir(outDir)).filter((entry) => entry.startsWith(`.${name}.staging-`) || entry.startsWith(`.${name}.old-`));
  const old = leftovers.find((entry) => entry.startsWith(`.${name}.old-`));
  if (old && !existsSync(final)) await rename(join(outDir, old), final);
  for (const entry of leftovers) await rm(join(outDir, entry), { recursive: true, force: true });
}

async function swap(stage: string, final: string, old: string): Promise<void> {
  const hadPrevious = existsSync(final);
  if (hadPrevious) await rename(final, old);
  await rename(stage, final);
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}

/** Takes `<outDir>/.<name>.lock`, replacing it when the process that held it is gone. */
async function lock(outDir: string, name: string): Promise<() => Promise<void>> {
  const file = join(outDir, `.${name}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw errors.output(file, error);
      const holder = Number(await readFile(file, 'utf8').catch(() => ''));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new PrerenderError('OUTPUT', `Another build of "${name}" is writing ${outDir} (process ${holder}).`, {
          hint: `Wait for it to finish. If no build is running, delete ${file}.`,
        });
      }
      await rm(file, { force: true });
    }
  }
  throw errors.output(file, new Error('the lock file keeps reappearing'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
