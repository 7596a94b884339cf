/**
 * Where and how the dev and preview servers listen: the checked port, host and request body limit,
 * and what a failed listen means.
 */
import { is } from '../api-options.ts';
import { loadConfigChecks } from '../config/load.ts';
import { errors } from '../errors.ts';
import { defaultBodyLimit } from '../runtime/listen.ts';

/** The host both servers bind unless told otherwise: this machine only. */
export const defaultHost = '127.0.0.1';

/** A checked port and host. */
export interface ServerAddress {
  port: number;
  host: string;
}

/** What the options of the dev and preview servers take (api-options.ts): the config's, and where to listen. */
export const serverOptionChecks = { ...loadConfigChecks, port: is.numberOrText, host: is.string, bodyLimit: is.numberOrText };

/** The options of a server an error may name. */
type ServerOption = 'port' | 'host' | 'bodyLimit';

/** How an error names a server option, and shows it set to a value: as the caller wrote it. */
export interface OptionSpelling {
  name(option: ServerOption): string;
  set(option: ServerOption, value: string | number): string;
}

/** The CLI's spelling: `--port`, `--port 3000`. */
export const flagSpelling: OptionSpelling = {
  name: (option) => `--${option === 'bodyLimit' ? 'body-limit' : option}`,
  set: (option, value) => `${flagSpelling.name(option)} ${value}`,
};

/** A function's spelling (`createDevServer()`): `option "port" of createDevServer()`, `port: 3000`. */
export const optionSpelling = (caller: string): OptionSpelling => ({
  name: (option) => `option "${option}" of ${caller}`,
  set: (option, value) => `${option}: ${JSON.stringify(value).replaceAll('"', "'")}`,
});

/** The port (0 for any free one) and host to use, or a usage error naming the option as `spelling` does. */
export function resolveAddress(options: { port?: unknown; host?: unknown }, defaultPort: number, spelling: OptionSpelling): ServerAddress {
  const port = options.port === undefined ? defaultPort : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || (typeof options.port === 'string' && !/^\d+$/.test(options.port))) {
    throw errors.usage(`${spelling.name('port')} must be a whole number from 0 to 65535, got ${JSON.stringify(options.port)}.`, `Pass a free port, such as ${spelling.set('port', defaultPort)}.`);
  }
  const host = options.host === undefined ? defaultHost : options.host;
  if (typeof host !== 'string' || host === '') {
    throw errors.usage(
      `${spelling.name('host')} must be a host name or address, got ${JSON.stringify(options.host)}.`,
      `Pass ${spelling.set('host', '127.0.0.1')} (this machine) or ${spelling.set('host', '0.0.0.0')} (every interface).`,
    );
  }
  return { port, host };
}

/**
 * The largest request body in bytes (the built server's `BODY_LIMIT`), or a usage error naming the
 * option as `spelling` does. `0` accepts no body at all.
 */
export function resolveBodyLimit(value: unknown, spelling: OptionSpelling): number {
  if (value === undefined) return defaultBodyLimit;
  const limit = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw errors.usage(
      `${spelling.name('bodyLimit')} must be a whole number of bytes, got ${typeof value === 'number' ? value : JSON.stringify(value)}.`,
      `Pass the largest request body to accept, in bytes: ${spelling.set('bodyLimit', defaultBodyLimit)} is the default (1 MiB).`,
    );
  }
  return limit;
}

/** Runs `start` (which listens) and turns a failure to listen into an error saying what to do. */
export async function listenOn<T>(address: ServerAddress, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw errors.portInUse(address.host, address.port);
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw errors.listen(address.host, address.port, error);
    throw error;
  }
}
