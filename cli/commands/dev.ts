import type { CAC } from 'cac';
import { defaults } from '../../src/config/defaults.ts';
import { createLogger } from '../../src/log.ts';
import { stopOnSignal } from '../../src/runtime/shutdown.ts';
import { apiPrefixFlag, bodyLimitDefault, configFileDefault, shutdownTimeout } from '../flags.ts';
import { checkConfigFlag } from '../config-flag.ts';
import { checkServerFlags } from '../server-flags.ts';
import { handleError } from '../handle-error.ts';
import { loadLibrary } from '../load-library.ts';
import { stopInterruptingWhileLoading } from '../interrupt.ts';
import { defaultNodeEnv } from '../node-env.ts';

interface DevFlags {
  config?: string;
  apiPrefix?: string;
  port?: unknown;
  host?: unknown;
  bodyLimit?: unknown;
}

/** `prerender dev [root]`. */
export function registerDev(cli: CAC): void {
  cli
    .command('dev [root]', 'Serve publicDir and the routes live, rebuilding on every change')
    .option('--config <file>', 'Config file, relative to the root', { default: configFileDefault })
    .option('--api-prefix <prefix>', 'URL prefix of the routes under api/; overrides the config\'s apiPrefix', { default: defaults.apiPrefix })
    .option('--port <port>', 'Port to listen on, 0 to 65535; 0 picks a free one', { default: 3000 })
    .option('--host <host>', 'Address to listen on; 0.0.0.0 for every interface', { default: '127.0.0.1' })
    .option('--body-limit <bytes>', 'Largest request body in bytes; a larger one gets 413', { default: bodyLimitDefault })
    .example('prerender dev')
    .example('prerender dev path/to/site --port 8080 --host 0.0.0.0')
    .action(async (root: string | undefined, flags: DevFlags) => {
      defaultNodeEnv('development');
      const logger = createLogger();
      try {
        const timeout = shutdownTimeout();
        const { createDevServer } = loadLibrary<typeof import('../../src/server/dev-server.ts')>('server/dev-server');
        checkServerFlags(flags, 3000);
        checkConfigFlag(root, flags.config);
        const server = await createDevServer({
          root,
          configFile: flags.config,
          config: flags.apiPrefix === undefined ? {} : { apiPrefix: apiPrefixFlag(flags.apiPrefix) },
          port: flags.port as number | undefined,
          host: flags.host === undefined ? undefined : String(flags.host),
          bodyLimit: flags.bodyLimit as number | undefined,
          logger,
        });
        logger.info(`dev server listening on ${server.url} (Ctrl-C to stop)`);
        stopOnSignal(server, { timeout, log: (message) => logger.info(message) });
        stopInterruptingWhileLoading();
      } catch (error) {
        process.exitCode = handleError(error, logger);
      }
    });
}
