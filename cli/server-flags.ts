import { loadLibrary } from './load-library.ts';

/**
 * Checks `--port`, `--host` and `--body-limit` of `prerender dev` and `prerender preview` as the
 * servers check their options, each error naming the flag (`--port must be ...`), where the servers'
 * own check names the option of the function (`option "port" of createDevServer()`).
 */
export function checkServerFlags(flags: { port?: unknown; host?: unknown; bodyLimit?: unknown }, defaultPort: number): void {
  const { flagSpelling, resolveAddress, resolveBodyLimit } = loadLibrary<typeof import('../src/server/address.ts')>('server/address');
  // As the commands pass it on: a host is text, whatever the parser made of it (`--host 0`).
  resolveAddress({ port: flags.port, host: flags.host === undefined ? undefined : String(flags.host) }, defaultPort, flagSpelling);
  resolveBodyLimit(flags.bodyLimit, flagSpelling);
}
