/** `apiRoutes()` in a user's vite.config.ts type-checks against Vite 8's and Vite 7's own types. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot } from './support/helpers.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc as a site with `module: nodenext` does; `api-prerender` resolves to this package's lib/ types. */
function typeCheck(files: string[]) {
  const args = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', ...files];
  return spawnSync(process.execPath, [tsc, ...args], { cwd: repoRoot, encoding: 'utf8' });
}

describe('vite.config.ts types', () => {
  it('accepts apiRoutes() in the plugins of Vite 8 and Vite 7', () => {
    const run = typeCheck([join(fixturesDir, 'vite-types', 'vite8.config.ts'), join(fixturesDir, 'vite-types', 'vite7.config.ts')]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
