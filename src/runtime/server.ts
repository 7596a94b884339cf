/**
 * The production server inside the bundle: `public/` files first, then the API routes.
 * `node dist/<name>/server/index.mjs` starts it (PORT, HOST); `prerender preview` calls `serve`.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { H3 } from 'h3';
import { serve } from 'srvx';
import { createStaticHandler, readManifestTypes } from './static.ts';

/** Where and how to listen. */
export interface ServeOptions {
  /** @default 3000 */
  port?: number;
  /** @default all interfaces */
  host?: string;
}

/** A listening server. `close()` is safe to call twice. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** A request handler in the Fetch API's terms. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Listens on a socket and answers with `fetch`: the one socket layer of the built server,
 * `prerender preview` and `prerender dev`, so all three accept and refuse requests alike.
 */
export async function listen(fetch: FetchHandler, options: ServeOptions = {}): Promise<RunningServer> {
  const server = serve({ fetch, port: options.port ?? 3000, hostname: options.host, silent: true, gracefulShutdown: false });
  await server.ready();
  let closing: Promise<void> | undefined;
  return {
    url: server.url!,
    close: () => (closing ??= server.close(true)),
  };
}

/** Serves the build the bundle at `bundleUrl` belongs to: its `public/` folder, then `app`. */
export function serveBuild(app: H3, bundleUrl: string, options: ServeOptions = {}): Promise<RunningServer> {
  const distDir = dirname(dirname(fileURLToPath(bundleUrl)));
  const files = createStaticHandler(join(distDir, 'public'), { types: readManifestTypes(distDir) });
  return listen(async (request) => (await files(request)) ?? app.fetch(request), options);
}

/** Starts the server when the bundle is the program node runs, not when it is imported. */
export function startIfMain(bundleUrl: string, app: H3): void {
  const self = fileURLToPath(bundleUrl);
  if (!process.argv[1] || realpathSync(process.argv[1]) !== realpathSync(self)) return;
  const port = process.env.PORT ? Number(process.env.PORT) : 3000;
  serveBuild(app, bundleUrl, { port, host: process.env.HOST }).then(
    (server) => {
      console.log(`Listening on ${server.url}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: Error) => {
      console.error(`Could not start the server: ${error.message}`);
      process.exit(1);
    },
  );
}
