/** Where the dev and preview servers listen: the checked port and host, and what a failed listen means. */
import { errors } from '../errors.ts';

/** The host both servers bind unless told otherwise: this machine only. */
export const defaultHost = '127.0.0.1';

/** A checked port and host. */
export interface ServerAddress {
  port: number;
  host: string;
}

/** The port (0 for any free one) and host to use, or a usage error naming `--port` / `--host`. */
export function resolveAddress(options: { port?: unknown; host?: unknown }, defaultPort: number): ServerAddress {
  const port = options.port === undefined ? defaultPort : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || (typeof options.port === 'string' && !/^\d+$/.test(options.port))) {
    throw errors.usage(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(options.port)}.`, `Pass a free port, such as --port ${defaultPort}.`);
  }
  const host = options.host === undefined ? defaultHost : options.host;
  if (typeof host !== 'string' || host === '') {
    throw errors.usage(`--host must be a host name or address, got ${JSON.stringify(options.host)}.`, 'Pass --host 127.0.0.1 (this machine) or --host 0.0.0.0 (every interface).');
  }
  return { port, host };
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
