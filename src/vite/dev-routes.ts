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
import { siteFile } from '../bundle/load-bundle.ts';
import { counted } from '../plural.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { defaultBodyLimit } from '../runtime/listen.ts';
import { stopSignals } from '../stop-signals.ts';
import { ownsPrefix } from './site-config.ts';

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
  const bundler = startDevBundler({ config, logger, outDir: join(workDir, 'server'), bodyLimit: defaultBodyLimit, onRoutes: sayUnserved(config, logger) });
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
 * A function to call with each route table scanned: it says which route files outside the prefix
 * (`routes/feed.xml.ts`) `vite dev` does not answer, which `vite build` builds (and prerenders when
 * listed) and `prerender dev` serves, each file once. Without it such a route was Vite's SPA page or 404 in dev, without a word.
 */
function sayUnserved(config: ResolvedConfig, logger: Logger): (routes: readonly RouteDefinition[]) => void {
  const owns = ownsPrefix(config.apiPrefix);
  const said = new Set<string>();
  return (routes) => {
    const outside = routes.filter((route) => !owns(route.path) && !said.has(route.file));
    if (outside.length === 0) return;
    for (const route of outside) said.add(route.file);
    const listed = outside.map((route) => `${siteFile(config, route.file)} (${route.path})`).join(', ');
    logger.info(
      `vite dev answers the routes under /${config.apiPrefix}/ only; ${counted(outside.length, 'route file')} outside it ${outside.length === 1 ? 'is' : 'are'} built by vite build (and prerendered when listed) but not served here: ${listed}. Try ${outside.length === 1 ? 'it' : 'them'} with npx prerender dev, or move ${outside.length === 1 ? 'it' : 'them'} into ${siteFile(config, 'api')}/ to serve ${outside.length === 1 ? 'it' : 'them'} under the prefix.`,
    );
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
