/**
 * A server's process (the built server, `prerender preview`) keeps answering when a route's code throws
 * outside any request (in a timer, an event listener) or leaves a rejected promise nothing awaits.
 * Node would end the process, so that one request could take the server down for every client, with
 * a stack in Node's words; each is printed instead, with its stack and causes, and serving goes on, as
 * Nitro's server does. Only a server's own process is told so: the library changes no process's
 * handling of its errors by being imported.
 */
import { stackWithCauses } from '../error-stack.ts';

/** Prints each error thrown outside any request, and each rejection nothing handled, with `error` (a logger's), and keeps the process running. */
export function keepServingOnStrayErrors(error: (message: string) => void = (message) => console.error(`error ${message}`)): void {
  const report = (what: string) => (thrown: unknown) => error(`${what}, outside any request (the server goes on): ${stackWithCauses(thrown)}`);
  process.on('uncaughtException', report('An error thrown'));
  process.on('unhandledRejection', report('A promise rejected that nothing awaited'));
}
