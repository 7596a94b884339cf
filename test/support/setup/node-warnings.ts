/**
 * Runs before every test file: a warning Node emits in the worker while the file runs (a
 * MaxListenersExceededWarning, a deprecation) fails the file, since the same code prints it, raw, on
 * a user's terminal. The link check once did so from 11 server requests at once. One listener for
 * the worker's whole run (test files share it: isolate: false), kept on the global object.
 */
import { afterAll, expect } from 'vitest';

const key = Symbol.for('api-prerender.test.node-warnings');
const holder = globalThis as { [key]?: Error[] };
const seen = (holder[key] ??= listen());

function listen(): Error[] {
  const warnings: Error[] = [];
  process.on('warning', (warning) => warnings.push(warning));
  return warnings;
}

afterAll(() => {
  const emitted = seen.splice(0).map((warning) => `${warning.name}: ${warning.message}`);
  expect(emitted, 'Node warnings emitted while this file ran').toEqual([]);
});
