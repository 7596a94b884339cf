/**
 * The production server inside the bundle: `public/` files first, then the API routes.
 * `node dist/<name>/server/index.mjs` starts it (PORT, HOST, BODY_LIMIT, SHUTDOWN_TIMEOUT); `prerender
 * preview` calls `serve`.
 */
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type AppOptions, type RuntimeRoute } from './app.ts';
import { listen, type RunningServer, type ServeOptions } from './listen.ts';
import { optionsFromEnv, shutdownTimeoutFromEnv, startFailure } from './env-options.ts';
import { stopOnSignal } from './shutdown.ts';
import { keepServingOnStrayErrors } from './stray-errors.ts';
import { mapStackTraces } from './source-maps.ts';
import type { FileSource } from './file-table.ts';
import { methodNotServed, notFoundAnswer } from './files-alone.ts';
import { buildFileTable, fileCacheControl, serveFiles, type FileMiddleware } from './static.ts';
import { withFolderPages } from './folder-page.ts';

// The socket layer moved to listen.ts; importers of server.ts keep working.
export { listen, type FetchHandler, type RunningServer, type ServeOptions } from './listen.ts';

/** Options of {@link serveBuild}: the socket's, and whether the routes answer at all. */
export interface BuildServeOptions extends ServeOptions {
  /**
   * The host the build is for, when it serves the files of `public/` alone (a static preset's:
   * GitHub Pages runs no route): the routes then answer nothing, and a request no file answers is a
   * 404 saying so, as on that host. `prerender preview` sets it; the built server never does.
   */
  filesOnly?: string;
  /**
   * With `filesOnly`, the type that host sends for a file (a path relative to `public/`) where it
   * reads no types or headers of the build's (GitHub Pages): files are then served so, without the
   * headers the manifest records.
   */
  hostType?: (file: string) => string;
}

/**
 * Serves the build the bundle at `bundleUrl` belongs to: its `public/` folder (listed now), then the
 * routes (none with `filesOnly`), in one h3 app.
 */
export function serveBuild(routes: RuntimeRoute[], bundleUrl: string, options: BuildServeOptions = {}): Promise<RunningServer> {
  const distDir = dirname(dirname(fileURLToPath(bundleUrl)));
  const table = buildFileTable(distDir, options.filesOnly === undefined ? undefined : options.hostType);
  const files = serveFiles(table);
  const app = options.filesOnly === undefined ? createApp(routes, { files }) : createApp([], { files: filesAlone(files, table, options.filesOnly) });
  return listen(withFolderPages(app.fetch, fileCacheControl), options).then(
    (running) => ({ ...running, close: (closing) => (table.close(), running.close(closing)) }),
    (error: unknown) => {
      table.close();
      throw error;
    },
  );
}

/**
 * The files of a build as a host that serves them alone answers: a GET or HEAD no file answers gets
 * what that host sends there (files-alone.ts: the build's `404.html` with status 404, or Cloudflare's
 * single-page-app answer), else a 404 that says why; any other method a 405, since no route runs there.
 */
function filesAlone(files: FileMiddleware, table: FileSource, host: string): AppOptions['files'] {
  return async (event) => {
    const refused = methodNotServed(event.req.method, host);
    if (refused) return refused;
    const served = await files(event);
    if (served !== undefined) return served;
    return notFoundAnswer(table, event.url.pathname, host);
  };
}

/** Starts the server when the bundle is the program node runs, not when it is imported. */
export function startIfMain(bundleUrl: string, routes: RuntimeRoute[]): void {
  if (!isMain(bundleUrl)) return;
  let options: ServeOptions;
  let timeout: number;
  try {
    options = optionsFromEnv(process.env);
    timeout = shutdownTimeoutFromEnv(process.env);
  } catch (error) {
    console.error(`Could not start the server: ${(error as Error).message}`);
    process.exit(1);
  }
  serveBuild(routes, bundleUrl, options).then(
    (server) => {
      console.log(`Listening on ${server.url}`);
      stopOnSignal(server, { timeout });
      keepServingOnStrayErrors();
    },
    (error: Error) => {
      console.error(startFailure(error, options));
      process.exit(1);
    },
  );
}

/** Whether the module at `url` is the program node runs (`node dist/<name>/server/index.mjs`). */
function isMain(url: string): boolean {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

// Before the route modules are evaluated (the generated entry imports the runtime first), so that
// an error one throws while it loads is mapped too. In the bundle, import.meta.url is the bundle's.
if (isMain(import.meta.url)) mapStackTraces(import.meta.url);
