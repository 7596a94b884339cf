/**
 * Compiles cli/ and src/ into lib/ (incrementally, lib/.tsbuildinfo), then deletes what lib/ holds
 * for a source that no longer exists: tsc never removes the output of a renamed or deleted file, and
 * such a stale file would be packed and could make a test pass that fails on a fresh clone.
 *
 *   node .ci/build-lib.mjs   (npm run build, prepare, the test suite's globalSetup)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const outputSuffix = /\.(?:d\.ts\.map|d\.ts|js\.map|js)$/;

/** Runs the project's own tsc in `root` and prunes stale outputs; throws with tsc's output when it fails. */
export function buildLib(root) {
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Compiling src/ into lib/ failed (tsc exit ${run.status}):\n${run.stdout}${run.stderr}`);
  return pruneStale(root);
}

/** Deletes every lib/ output whose source .ts is gone, returning their paths relative to root. */
export function pruneStale(root) {
  const lib = join(root, 'lib');
  const removed = [];
  for (const entry of readdirSync(lib, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !outputSuffix.test(entry.name)) continue;
    const output = join(entry.parentPath, entry.name);
    const source = join(root, relative(lib, output).replace(outputSuffix, '.ts'));
    if (existsSync(source)) continue;
    rmSync(output);
    removed.push(relative(root, output));
  }
  return removed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    buildLib(fileURLToPath(new URL('..', import.meta.url)));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
