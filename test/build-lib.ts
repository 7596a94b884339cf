/**
 * Vitest global setup: builds lib/ when it is missing, since tests spawn the bin and bundle the
 * runtime from it. `npm test` builds it first anyway (pretest); this covers `npx vitest run <file>`
 * on a fresh clone, where `npm ci` no longer builds it (the package has no install-time scripts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function buildLibIfMissing(): void {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  if (existsSync(join(repoRoot, 'lib', 'cli', 'prerender.js'))) return;
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: repoRoot, stdio: 'inherit' });
}
