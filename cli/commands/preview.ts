import type { CAC } from 'cac';
import { createLogger } from '../../src/log.ts';
import { stopOnSignal } from '../../src/runtime/shutdown.ts';
import { keepServingOnStrayErrors } from '../../src/runtime/stray-errors.ts';
import { bodyLimitDefault, configFileDefault, shutdownTimeout } from '../flags.ts';
import { checkConfigFlag } from '../config-flag.ts';
import { checkServerFlags } from '../server-flags.ts';
import { handleError } from '../handle-error.ts';
import { loadLibrary } from '../load-library.ts';
import { stopInterruptingWhileLoading } from '../interrupt.ts';
import { defaultNodeEnv } from '../node-env.ts';

interface PreviewFlags {
  config?: string;
  port?: unknown;
  host?: unknown;
  bodyLimit?: unknown;
}

/** `prerender preview [root]`. */
export function registerPreview(cli: CAC): void {
  cli
    .command('preview [root]', 'Serve the built dist/<name>/ as production would: public/ files, then the API routes (none for a static host\'s preset)')
    .option('--config <file>', 'Config file, relative to the root', { default: configFileDefault })
    .option('--port <port>', 'Port to listen on, 0 to 65535; 0 picks a free one', { default: 4173 })
    .option('--host <host>', 'Address to listen on; 0.0.0.0 for every interface', { default: '127.0.0.1' })
    .option('--body-limit <bytes>', 'Largest request body in bytes; a larger one gets 413', { default: bodyLimitDefault })
    .example('prerender build && prerender preview')
    .example('prerender preview path/to/site --port 8080')
    .action(async (root: string | undefined, flags: PreviewFlags) => {
      defaultNodeEnv('production');
      const logger = createLogger();
      try {
        const timeout = shutdownTimeout();
        const { createPreviewServer } = loadLibrary<typeof import('../../src/server/preview-server.ts')>('server/preview-server');
        checkServerFlags(flags, 4173);
        checkConfigFlag(root, flags.config);
        const server = await createPreviewServer({
          root,
          configFile: flags.config,
          port: flags.port as number | undefined,
          host: flags.host === undefined ? undefined : String(flags.host),
          bodyLimit: flags.bodyLimit as number | undefined,
          logger,
        });
        logger.info(`preview server listening on ${server.url} (Ctrl-C to stop)`);
        stopOnSignal(server, { timeout, log: (message) => logger.info(message) });
        keepServingOnStrayErrors((message) => logger.error(message));
        stopInterruptingWhileLoading();
      } catch (error) {
        process.exitCode = handleError(error, logger);
      }
    });
}
