import type { Logger, RunningServer } from '../src/index.ts';

/**
 * Closes the server on Ctrl-C (SIGINT) or SIGTERM, then exits 0. A second signal while it closes
 * gets Node's default: exit at once.
 */
export function stopOnSignal(server: RunningServer, logger: Logger): void {
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`Could not close the server: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
