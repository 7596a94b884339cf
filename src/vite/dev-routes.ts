/**
 * `vite dev`: the routes under the prefix, from the same watch build as `prerender dev` (same
 * plugins, same routing table, same error page), answered inside Vite's server.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { Logger } from '../log.ts';
import { defaultBodyLimit } from '../runtime/listen.ts';
import { stopSignals } from '../stop-signals.ts';

/** The latest build of the routes as a Fetch handler. */
export interface DevRoutes {
  /** Waits for a build in progress, then answers from it, or with its failure (`500`). */
  fetch(request: Request): Promise<Response>;
  /** Stops watching and removes the build folder. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts watching and building the site's routes. */
export async function startDevRoutes(config: ResolvedConfig, logger: Logger): Promise<DevRoutes> {
  const workDir = await mkdtemp(join(tmpdir(), 'prerender-vite-'));
  // Loaded only here: importing the plugin in a vite.config must not load Rollup.
  const { startDevBundler } = await import('../server/dev-bundler.ts');
  const bundler = startDevBundler({ config, logger, outDir: join(workDir, 'server'), bodyLimit: defaultBodyLimit });
  const stopWatchingSignals = removeOnSignal(workDir);
  let closing: Promise<void> | undefined;
  return {
    fetch: (request) => bundler.fetch(request),
    close: () =>
      (closing ??= (async () => {
        stopWatchingSignals();
        await bundler.close();
        await rm(workDir, { recursive: true, force: true });
      })()),
  };
}

/**
 * Removes `dir` when the process gets SIGINT or SIGTERM: Vite leaves Ctrl-C to Node, whose default
 * ends the process at once, without closing the plugins (the folder stayed in the system's temporary
 * folder). The signal is then given back, so the process ends by it (130, 143) as it would have,
 * unless another listener (Vite's, for SIGTERM) takes it. Returns the function that stops listening.
 */
function removeOnSignal(dir: string): () => void {
  const stop = () => {
    for (const signal of stopSignals) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals) {
    rmSync(dir, { recursive: true, force: true });
    stop();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
  for (const signal of stopSignals) process.on(signal, onSignal);
  return stop;
}
