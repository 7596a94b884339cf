/**
 * The staging step. A build writes into a staging folder beside `<outDir>/<name>` and publishes it
 * only once everything succeeded; {@link runStaged} is the one place that closes what a build opened,
 * whichever way it ends: the staging folder and the lock, the manifest and the sitemap under way, the
 * type check, the toolchain process, the writer thread started ahead, the cache's lock and new
 * records, and the abort signal's hold on them.
 */
import { shownPath } from '../config/output-paths.ts';
import { PrerenderError } from '../errors/prerender-error.ts';
import { whileDoing } from '../file-limit.ts';
import { copyPublicDir } from '../output/copy-public.ts';
import { claimRobots } from '../output/robots.ts';
import { sitemapOwner } from '../output/sitemap.ts';
import { openStage } from '../output/staging.ts';
import { endWriterThread } from '../output/write-files.ts';
import { closeBuildCache } from './cache.ts';
import type { BuildContext, BuildStart } from './context.ts';
import { stepDone } from './step-channel.ts';
import type { BuildReport } from '../report/build-report.ts';

/**
 * Runs the build's `steps`. When they fail: the manifest and sitemap stop, the staging folder goes
 * (the previous output untouched), the type check's result is printed (its type errors often explain
 * the failure) and the error is rethrown, as the abort's reason when the build was aborted. Either
 * way the type check and the toolchain end.
 */
export async function runStaged(build: BuildStart, steps: () => Promise<BuildReport>): Promise<BuildReport> {
  const { signal, logger } = build;
  // Aborted, the toolchain's process ends at once: compiling the config or bundling rejects.
  const stopToolchain = () => void build.toolchain.close();
  signal?.addEventListener('abort', stopToolchain, { once: true });
  try {
    return await steps();
  } catch (error) {
    // The step's error is the one to report, not what closing the manifest meets on a full disk.
    await build.sink?.abort();
    // Its process's channel is a file descriptor, and so are a thread's and the cache's records
    // files: out of them, the staging folder cannot be removed while they are open.
    await build.toolchain.close();
    if (build.writerThread) await endWriterThread(build.writerThread);
    await closeBuildCache(build);
    const failure = build.stage ? await build.stage.abandon(error) : error;
    // Whatever the abort made fail (the toolchain closed, a route cut short), the abort is why; the
    // build stops at once, and its type check with it.
    if (signal?.aborted) throw signal.reason;
    // A missing or wrong h3 is why every import of it fails the check too: its errors would only
    // come first, before the one that says what to install (12 of them for a newcomer's site).
    const code = error instanceof PrerenderError ? error.code : undefined;
    // Code the bundler could not compile is printed with its frame; the check says no more of it.
    if (code !== 'DEPENDENCY') await build.check?.reportAfterFailure(logger, code === 'COMPILE' ? (error as PrerenderError).loc : undefined);
    throw failure;
  } finally {
    signal?.removeEventListener('abort', stopToolchain);
    // Committed by now if the build succeeded; else what it began of a new cache goes.
    await closeBuildCache(build);
    await build.stage?.release();
    await build.check?.close();
    await build.toolchain.close();
    // Started ahead and never given its files (the build failed first); else ended already.
    if (build.writerThread) await endWriterThread(build.writerThread);
  }
}


/**
 * Makes the staging folder and takes the output's lock, copies publicDir into its `public/` (each
 * file claimed, so no route overwrites one), and claims the files the build itself writes there.
 */
export async function stageOutput(build: BuildContext): Promise<void> {
  const { config, paths, claims, logger } = build;
  build.stage = await whileDoing('staging the output', () => openStage(paths, logger));
  const label = shownPath(config.publicDir);
  const copied = await whileDoing(`copying publicDir (${label})`, () => copyPublicDir(config.publicDir, paths.publicDir, { label, dotFiles: config.publicDotFiles }, claims, logger));
  // One by one: a spread of a publicDir's 200,000 names would pass the stack's limit.
  for (const file of copied) build.siteFiles.push(file);
  build.publicCopies = copied.length;
  if (config.prerender.sitemapHost) {
    claims.claim('sitemap.xml', sitemapOwner);
    claimRobots(claims, paths.publicDir);
  }
  build.signal?.throwIfAborted();
}

/**
 * Puts the staged output in the place of `<outDir>/<name>` and releases the lock: the build has
 * succeeded. The last moment a build can still be stopped and leave the previous output as it was:
 * an abort (SIGINT, SIGTERM) that came while the report was written stops it here; one that comes
 * after is too late, which the step channel's `output` tells whoever runs the build.
 */
export async function publishOutput(build: BuildContext): Promise<void> {
  build.signal?.throwIfAborted();
  stepDone('output');
  await build.stage!.publish();
  await build.stage!.release();
}
