/**
 * A copy of test/support/fixtures/vite-site in a temporary folder, set up as a user's site is: its
 * vite.config.mjs imports `api-prerender` from its own node_modules (a link to this repository, so
 * the built lib/ is what Vite loads), and a logger for Vite that keeps what it prints.
 */
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir, repoRoot, tempDir } from './helpers.ts';

/** Copies the fixture site and links the package into its node_modules; returns the copy's root. */
export function copyViteSite(prefix = 'vite-site-'): string {
  const root = join(tempDir(prefix), 'vite-site');
  cpSync(join(fixturesDir, 'vite-site'), root, { recursive: true });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(repoRoot, join(root, 'node_modules', 'api-prerender'), 'dir');
  // The site's own h3, as `npm install h3` gives it: the type check then finds its types.
  symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
  return root;
}

/** Vite's `customLogger`: keeps every line (what the terminal would show) in `lines`. */
export function createViteLogger() {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  const warned = new Set<string>();
  return {
    lines,
    hasWarned: false,
    info: keep,
    warn: keep,
    warnOnce: (message: string) => {
      if (!warned.has(message)) keep(message);
      warned.add(message);
    },
    error: keep,
    clearScreen: () => {},
    hasErrorLogged: () => false,
  };
}
