/**
 * The production server inside the bundle: `public/` files first, then the API routes.
 * `node dist/<name>/server/index.mjs` starts it (PORT, HOST, BODY_LIMIT); `prerender preview` calls `serve`.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { H3 } from 'h3';
import { listen, type RunningServer, type ServeOptions } from './listen.ts';
import { createStaticHandler, readManifestFiles } from './static.ts';

// The socket layer moved to listen.ts; importers of server.ts keep working.
export { listen, type FetchHandler, type RunningServer, type ServeOptions } from './listen.ts';

/** Serves the build the bundle at `bundleUrl` belongs to: its `public/` folder, then `app`. */
export function serveBuild(app: H3, bundleUrl: string, options: ServeOptions = {}): Promise<RunningServer> {
  const distDir = dirname(dirname(fileURLToPath(bundleUrl)));
  const files = createStaticHandler(join(distDir, 'public'), readManifestFiles(distDir));
  return listen(async (request) => (await files(request)) ?? app.fetch(request), options);
}

/** Starts the server when the bundle is the program node runs, not when it is imported. */
export function startIfMain(bundleUrl: string, app: H3): void {
  const self = fileURLToPath(bundleUrl);
  if (!process.argv[1] || realpathSync(process.argv[1]) !== realpathSync(self)) return;
  let options: ServeOptions;
  try {
    options = optionsFromEnv(process.env);
  } catch (error) {
    console.error(`Could not start the server: ${(error as Error).message}`);
    process.exit(1);
  }
  serveBuild(app, bundleUrl, options).then(
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

/** PORT, HOST and BODY_LIMIT (bytes) from the environment; a value that is no number is an error. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ServeOptions {
  return { port: wholeNumber(env, 'PORT') ?? 3000, host: env.HOST || undefined, bodyLimit: wholeNumber(env, 'BODY_LIMIT') };
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new Error(`${name} must be a whole number, got ${JSON.stringify(value)}.`);
  }
  return Number(value);
}
