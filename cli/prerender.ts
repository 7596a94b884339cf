#!/usr/bin/env node
/**
 * The bin. It only loads the CLI (main.ts): Node reads the CLI's modules all at once, and under a low
 * `ulimit -n` that alone can run out of file descriptors, before any of our code could catch it. Once
 * the failed reads have closed their files, the catalogue's FILE_LIMIT error says which limit to raise.
 */
export {};

try {
  await import('./main.ts');
} catch (thrown) {
  const [{ asFileLimit }, { handleError }, { createLogger }] = await Promise.all([import('../src/file-limit.ts'), import('./handle-error.ts'), import('../src/log.ts')]);
  process.exitCode = handleError(asFileLimit('loading api-prerender', thrown), createLogger());
}
