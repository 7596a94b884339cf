/**
 * `prerender dev`: one socket that serves `publicDir`, then the latest build of the routes. Rebuilds
 * on every change to a route or a module it imports; a new build is swapped in whole (an h3 app
 * cannot take new routes once it has served). Editing the config file restarts the build.
 */
import { existsSync, type FSWatcher } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { configOptionsOf, loadServerConfig, type LoadConfigOptions } from '../config/load.ts';
import { checkOptions } from '../api-options.ts';
import { serverOptionChecks } from './address.ts';
import { configFileNames } from '../config/defaults.ts';
import { configName } from '../config/key-origin.ts';
import { errors } from '../errors.ts';
import { findNearbyRoutes } from '../routes/nearby-routes.ts';
import type { ResolvedConfig } from '../config/types.ts';
import { createLogger, warn, type Logger } from '../log.ts';
import { shownPath } from '../config/output-paths.ts';
import { warnings } from '../warnings.ts';
import { listen, type RunningServer } from '../runtime/listen.ts';
import type { StaticHandler } from '../runtime/static.ts';
import { listenOn, optionSpelling, resolveAddress, resolveBodyLimit } from './address.ts';
import { describeFailure, failureResponse, logFailure } from './build-error.ts';
import type { DevBundler } from './dev-bundler.ts';
import { requestLog } from './request-log.ts';
import { watchNames } from './watch-names.ts';

/** Options of {@link createDevServer}: the site, config overrides, where to listen and log. */
export interface DevServerOptions extends LoadConfigOptions {
  /** `0` picks a free port. @default 3000 */
  port?: number;
  /** @default '127.0.0.1' (this machine only) */
  host?: string;
  /**
   * Largest request body in bytes, as `BODY_LIMIT` is for the built server: a larger one gets `413`.
   * @default 1048576 (1 MiB)
   */
  bodyLimit?: number;
  /**
   * Build messages and one line per request. An error a route throws is printed with its stack by
   * h3 on stderr, as the built server prints it; the client gets a page (or JSON) showing it too.
   * @default a logger on stderr
   */
  logger?: Logger;
}

/** The config in force and the build that serves it. */
interface Session {
  files?: StaticHandler;
  bundler: DevBundler;
  config?: ResolvedConfig;
}

/**
 * Starts the dev server; it answers as soon as it listens (requests wait for the first build). Throws
 * for a bad config or an address it cannot listen on; errors in route files never stop it.
 * @example const server = await createDevServer({ root: 'my-site', port: 3000 }); await server.close();
 */
export async function createDevServer(options: DevServerOptions = {}): Promise<RunningServer> {
  checkOptions('createDevServer()', options, serverOptionChecks, "createDevServer({ root: 'my-site', port: 3000 })");
  const logger = options.logger ?? createLogger();
  const spelling = optionSpelling('createDevServer()');
  const address = resolveAddress(options, 3000, spelling);
  const bodyLimit = resolveBodyLimit(options.bodyLimit, spelling);
  const root = resolve(options.root ?? process.cwd());
  const workDir = await mkdtemp(join(tmpdir(), 'prerender-dev-'));
  const outDir = join(workDir, 'server');

  let configWatcher: FSWatcher | undefined;
  let server: RunningServer | undefined;
  let first: Session | undefined;
  let serveFirst!: (session: Session) => void;
  let session = new Promise<Session>((resolve) => (serveFirst = resolve));
  try {
    const config = await loadServerConfig(configOptionsOf({ ...options, logger }));
    // Run from the wrong folder (inside the site, or beside it), said before anything listens: dev
    // waits for a routes folder to be made only where none is found near either.
    if (!existsSync(config.routesDir)) {
      const nearby = findNearbyRoutes(config.root, config.routesDir);
      if (nearby?.root !== undefined) throw errors.noRoutesDir(config.routesDir, config.root, configName(config.root, config.configFile), nearby, 'dev');
    }
    const shadows = new Set<string>();
    const handle = async (request: Request) => {
      const { config: current, files, bundler } = await session;
      const file = await files?.(request);
      if (file && current) sayShadowed(request, current, bundler, shadows, logger);
      return file ?? bundler.fetch(request);
    };
    // The port first, then the build: a port in use is the first thing said, with no build to stop.
    // Logged as middleware: the requests the socket layer refuses (400, 413) are logged too.
    server = await listenOn(address, () =>
      listen(handle, { ...address, bodyLimit, middleware: [requestLog(logger)], onError: (error) => logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error)) }),
    );
    first = await sessionOf(config, logger, outDir, bodyLimit);
    serveFirst(first);
    configWatcher = watchConfig(root, options.configFile, () => {
      session = session.then(async (old) => {
        // Requests the old build runs are answered by it (each within prerender.timeout).
        await old.bundler.close({ finishRequests: true });
        logger.info('config changed: restarting the build');
        return startSession({ ...options, bodyLimit }, logger, outDir).catch((error) => failedSession(error, logger));
      });
    });
  } catch (error) {
    await server?.close();
    await first?.bundler.close();
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }

  const running = server;
  let closing: Promise<void> | undefined;
  return {
    url: running.url,
    close(options) {
      // Every call reaches the socket layer: a later call that is not graceful cuts the requests a
      // graceful one waits for. The bundle they run on is removed only once they are done.
      const stopped = running.close(options);
      return (closing ??= (async () => {
        configWatcher?.close();
        await stopped;
        await (await session).bundler.close();
        await rm(workDir, { recursive: true, force: true });
      })());
    },
  };
}

async function startSession(options: LoadConfigOptions & { bodyLimit: number }, logger: Logger, outDir: string): Promise<Session> {
  return sessionOf(await loadServerConfig(configOptionsOf(options)), logger, outDir, options.bodyLimit);
}

async function sessionOf(config: ResolvedConfig, logger: Logger, outDir: string, bodyLimit: number): Promise<Session> {
  // Imported here, not above: the public entry (and so `prerender build`) must not load Rollup.
  const { startDevBundler } = await import('./dev-bundler.ts');
  return { files: await staticFiles(config.publicDir), bundler: startDevBundler({ config, logger, outDir, bodyLimit }), config };
}

/**
 * publicDir's files, served through h3's serveStatic: the site's h3. Without a usable h3 there are
 * none, and the bundler's build error (DEPENDENCY) says what to install on every request.
 */
async function staticFiles(publicDir: string): Promise<StaticHandler | undefined> {
  try {
    return (await import('../runtime/static.ts')).createStaticHandler(publicDir);
  } catch (error) {
    // h3 missing, or v1 without the exports v2 has: the reasons the bundler's h3 check names.
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** A config that no longer loads: every route request shows why, until the file is saved again. */
function failedSession(error: unknown, logger: Logger): Session {
  const failure = describeFailure(error);
  logFailure(failure, logger);
  return { bundler: { fetch: async (request) => failureResponse(failure, request), routeFile: async () => undefined, close: async () => {} } };
}

/** Calls `onChange` when the config file is saved (or, without --config, created). */
function watchConfig(root: string, configFile: string | false | undefined, onChange: () => void): FSWatcher | undefined {
  if (configFile === false) return undefined;
  if (configFile === undefined) return watchNames(root, configFileNames, onChange);
  const file = resolve(root, configFile);
  return watchNames(dirname(file), [basename(file)], onChange);
}

/**
 * A file of publicDir served where a route file answers too: dev serves the file, and the build
 * fails on the pair (both write one file). Said once per path, as it is first served, without
 * holding up the answer.
 */
function sayShadowed(request: Request, config: ResolvedConfig, bundler: DevBundler, said: Set<string>, logger: Logger): void {
  const { pathname } = new URL(request.url);
  if (said.has(pathname)) return;
  said.add(pathname);
  void bundler.routeFile(request).then((file) => {
    if (file === undefined) return;
    const publicFile = shownPath(join(config.publicDir, ...pathname.split('/').filter(Boolean).map(decodeURIComponent)));
    warn(logger, warnings.publicShadowsRoute(publicFile, pathname, shownPath(join(config.routesDir, file))));
  }, () => {});
}
