#!/usr/bin/env node
/**
 * The bin. It loads what reports an error first, a handful of modules, and only then the CLI
 * (main.ts): Node reads the CLI's modules all at once, and under a low `ulimit -n` that alone can run
 * out of file descriptors, before any of our code could catch it. A module whose read failed stays
 * failed for the process, so the reporter cannot be loaded after: loaded before, it says which limit
 * to raise (FILE_LIMIT).
 */
import { asFileLimit } from '../src/file-limit.ts';
import { createLogger } from '../src/log.ts';
import { handleError } from './handle-error.ts';

try {
  await import('./main.ts');
} catch (thrown) {
  process.exitCode = handleError(asFileLimit('loading api-prerender', thrown), createLogger());
}
