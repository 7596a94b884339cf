/** Compiles src/ and cli/ into lib/ with the project's own TypeScript, incrementally (lib/.tsbuildinfo). */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `tsc -p tsconfig.json` in the repository and throws with its output when it fails. */
export function buildLib(root = repoRoot): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Compiling src/ into lib/ failed (tsc exit ${run.status}):\n${run.stdout}${run.stderr}`);
}
