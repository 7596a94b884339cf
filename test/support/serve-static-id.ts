/** The ids h3's own `serveStatic` asks a file source for, for a request routed as our servers route it. */
import { H3, serveStatic } from 'h3';
import { normalizeEventPath } from '../../src/runtime/app.ts';

let asked: string[] = [];
const app = new H3({ onRequest: normalizeEventPath }).use((event) =>
  serveStatic(event, {
    fallthrough: true,
    getMeta: (id) => void asked.push(id),
    getContents: () => null,
  }),
);

/**
 * The ids serveStatic asks for, in order, when `path` (resolved against `http://x`) is requested;
 * none when serveStatic refuses the spelling (it then falls through to the routes).
 */
export async function idsAsked(path: string): Promise<string[]> {
  asked = [];
  await app.fetch(new Request(new URL(path, 'http://x')));
  return asked;
}
