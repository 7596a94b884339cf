/** The files at the root of public/ that hosts read as their configuration and never serve (src/runtime/host-files.ts). */
import { describe, expect, it } from 'vitest';
import { isHostConfigFile } from '../../src/runtime/host-files.ts';

describe('isHostConfigFile', () => {
  it.each([['_headers'], ['_redirects'], ['_routes.json'], ['_worker.js']])('%s at the root is a host configuration file', (name) => {
    expect(isHostConfigFile([name])).toBe(true);
  });

  it.each([['_HEADERS'], ['_Redirects'], ['_ROUTES.JSON']])('%s too: a case-insensitive disk finds the file in any spelling', (name) => {
    expect(isHostConfigFile([name])).toBe(true);
  });

  it.each([[['docs', '_headers']], [['_headers', 'x']], [['headers']], [['_headers.txt']], [['_worker.mjs']], [[]]])('%j is a file like any other', (segments) => {
    expect(isHostConfigFile(segments)).toBe(false);
  });
});
