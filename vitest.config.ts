import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// As Vite spells module ids: forward slashes on Windows too.
const repoRoot = fileURLToPath(new URL('.', import.meta.url)).replaceAll('\\', '/');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every module but the repository's own sources: the server bundles and site configs the code under test imports. */
const notOurSources = new RegExp(`^(?!${escaped(repoRoot)}(src|test|cli)/)`);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Compiles lib/ from the current src/ and builds the shared sample-site, before every run and rerun.
    globalSetup: ['test/support/setup/global-setup.ts'],
    // Builds run Rollup and TypeScript and spawn real processes: give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Removes each test file's temporary folders after it; keeps toolchain processes warm for the run;
    // fails a file during which Node emitted a warning (what a user's terminal would show).
    setupFiles: ['test/support/setup/temp-dirs.ts', 'test/support/setup/warm-toolchains.ts', 'test/support/setup/node-warnings.ts'],
    // What a build writes and then imports (server bundles, compiled and plain-JS site configs) is
    // imported by Node, as in production, not rewritten by Vite's module runner: a runner-evaluated
    // bundle is not the module users run, and transforming ~130 bundles of 130 KB each cost the run
    // about 20 CPU-s (and 20 s of system time for the copies it wrote).
    server: { deps: { external: [notOurSources] } },
    pool: 'forks',
    // Test files share their worker process: modules load once per worker, not per file, and the
    // toolchain processes that build() keeps warm (toolchain-pool.ts) serve the next file's builds.
    // No test changes process-wide state (env, cwd, handlers), and each uses its own folders.
    isolate: false,
    // Most of a test's time is spent waiting on builds' worker threads and spawned servers, so two
    // files at once pay even on 2 cores (vitest's default there is one). Ports are never shared:
    // every server binds port 0.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
