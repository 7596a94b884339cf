/** The production server's settings from the environment: PORT, HOST, BODY_LIMIT and SHUTDOWN_TIMEOUT. */
import type { ServeOptions } from './listen.ts';
import { defaultShutdownTimeout } from './shutdown.ts';

/** PORT, HOST and BODY_LIMIT (bytes) from the environment; a value that is no number is an error. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ServeOptions {
  return { port: wholeNumber(env, 'PORT') ?? 3000, host: env.HOST || undefined, bodyLimit: wholeNumber(env, 'BODY_LIMIT') };
}

/** SHUTDOWN_TIMEOUT: the milliseconds requests in flight get to finish after SIGTERM or SIGINT. @default 10000 */
export function shutdownTimeoutFromEnv(env: NodeJS.ProcessEnv): number {
  return wholeNumber(env, 'SHUTDOWN_TIMEOUT') ?? defaultShutdownTimeout;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new Error(`${name} must be a whole number, got ${JSON.stringify(value)}.`);
  }
  return Number(value);
}
