import { resolve } from 'node:path';
import type { Plugin } from 'rollup';
import type { PrerenderError } from '../errors.ts';

/** Syntax errors TypeScript reported, held until Rollup reaches the file. */
export interface SyntaxErrors {
  /** Keeps the error of `file` (absolute path); the first one per file wins. */
  record(file: string, error: PrerenderError): void;
  /** Throws a kept error when Rollup transforms its file. Goes right after the TypeScript plugin. */
  plugin: Plugin;
}

/**
 * TypeScript reports syntax errors while it builds its program, from inside a callback: an error
 * thrown there leaves the program half-built, its file watchers open, and the process never exits.
 * So they are kept, and thrown when Rollup loads the file; a broken file the bundle does not use does
 * not stop the build. A changed file drops its old error (dev rebuilds).
 */
export function createSyntaxErrors(): SyntaxErrors {
  const found = new Map<string, PrerenderError>();
  return {
    record(file, error) {
      if (!found.has(resolve(file))) found.set(resolve(file), error);
    },
    plugin: {
      name: 'api-prerender:syntax-errors',
      transform(_code, id) {
        const error = found.get(resolve(id));
        if (error) throw error;
        return null;
      },
      watchChange(id) {
        found.delete(resolve(id));
      },
    },
  };
}
