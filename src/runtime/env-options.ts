/** The production server's settings from the environment: PORT, HOST, BODY_LIMIT and SHUTDOWN_TIMEOUT. */
import type { ServeOptions } from './listen.ts';
import { defaultShutdownTimeout } from './shutdown.ts';

/** PORT (0 to 65535), HOST and BODY_LIMIT (bytes) from the environment; a value that is no such number is an error. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ServeOptions {
  return { port: wholeNumber(env, 'PORT', 65535) ?? 3000, host: env.HOST || undefined, bodyLimit: wholeNumber(env, 'BODY_LIMIT') };
}

/** SHUTDOWN_TIMEOUT: the milliseconds requests in flight get to finish after SIGTERM or SIGINT. @default 10000 */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv): number {
  return wholeNumber(env, 'SHUTDOWN_TIMEOUT') ?? defaultShutdownTimeout;
}

/**
 * What the built server prints when it cannot listen at `options` (from {@link optionsFromEnv}), in
 * the terms of its environment: a port in use says to set PORT.
 */
export function startFailure(error: Error, options: ServeOptions): string {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === undefined) return `Could not start the server: ${error.message}`;
  const where = options.host ? ` on ${options.host}` : '';
  const other = options.port === 65535 ? 65534 : options.port + 1;
  return [
    `Could not start the server: port ${options.port}${where} is already in use.`,
    `Stop the program using it, or set PORT to another port, such as PORT=${other} (PORT=0 picks any free one).`,
  ].join('\n');
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? '' : ` from 0 to ${max}`;
    throw new Error(`${name} must be a whole number${range}, got ${JSON.stringify(value)}.`);
  }
  return Number(value);
}
