/**
 * The production server inside the bundle: `public/` files first, then the API routes.
 * `node dist/<name>/server/index.mjs` starts it (PORT, HOST, BODY_LIMIT, SHUTDOWN_TIMEOUT); `prerender
 * preview` calls `serve`.
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type AppOptions, type RuntimeRoute } from './app.ts';
import { listen, type FetchHandler, type RunningServer, type ServeOptions } from './listen.ts';
import { optionsFromEnv, shutdownTimeoutFromEnv, startFailure } from './env-options.ts';
import { serverArgs } from './server-args.ts';
import { stopOnSignal } from './shutdown.ts';
import { keepServingOnStrayErrors } from './stray-errors.ts';
import { mapStackTraces } from './source-maps.ts';
import type { FileSource } from './file-table.ts';
import { cloudflarePages, methodNotServed, notFoundAnswer } from './files-alone.ts';
import { htmlFileMoved } from './cloudflare-html.ts';
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

/** What a build answers, before any socket: {@link serveBuild} listens with it, `prerender preview` too. */
export interface BuildHandler {
  fetch: FetchHandler;
  /** Stops following the build's folder. */
  close(): void;
}

/**
 * The build the bundle at `bundleUrl` belongs to, as one h3 app: its `public/` folder (listed now, and
 * again when the folder is replaced), then the routes (none with `filesOnly`).
 */
export function buildHandler(routes: RuntimeRoute[], bundleUrl: string, options: Pick<BuildServeOptions, 'filesOnly' | 'hostType'> = {}): BuildHandler {
  const distDir = dirname(dirname(fileURLToPath(bundleUrl)));
  const table = buildFileTable(distDir, options.filesOnly === undefined ? undefined : options.hostType);
  const files = serveFiles(table);
  const app = options.filesOnly === undefined ? createApp(routes, { files }) : createApp([], { files: filesAlone(files, table, options.filesOnly) });
  // A route's HTML answer at a path without its folder's slash is sent to the folder; the files' own
  // layer does so for the files, and a host's answer where no file is (a single-page app's
  // index.html) is no route's.
  return { fetch: options.filesOnly === undefined ? withFolderPages(app.fetch, fileCacheControl) : app.fetch, close: () => table.close() };
}

/** Serves the build the bundle at `bundleUrl` belongs to ({@link buildHandler}) on a socket. */
export function serveBuild(routes: RuntimeRoute[], bundleUrl: string, options: BuildServeOptions = {}): Promise<RunningServer> {
  const handler = buildHandler(routes, bundleUrl, options);
  return listen(handler.fetch, options).then(
    (running) => ({ ...running, close: (closing) => (handler.close(), running.close(closing)) }),
    (error: unknown) => {
      handler.close();
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
    const moved = host === cloudflarePages ? await htmlFileMoved(table, event.url.pathname, event.url.search) : undefined;
    if (moved) return moved;
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

// Before the route modules are evaluated (the generated entry imports the runtime first): `--help`
// and a refused argument run no route module's code (a database connected, a variable required),
// and an error one throws while it loads is mapped. In the bundle, import.meta.url is the bundle's.
if (isMain(import.meta.url)) {
  answerArgs();
  mapStackTraces(import.meta.url);
}

/** Prints the help or the refusal the command line asks for ({@link serverArgs}), and exits; else returns. */
function answerArgs(): void {
  const script = process.argv[1]!;
  const fromHere = relative(process.cwd(), script);
  const asked = serverArgs(process.argv.slice(2), fromHere.startsWith('..') || isAbsolute(fromHere) ? script : fromHere, process.env);
  if ('help' in asked) {
    console.log(asked.help);
    process.exit(0);
  }
  if ('refused' in asked) {
    console.error(asked.refused);
    process.exit(2);
  }
}
