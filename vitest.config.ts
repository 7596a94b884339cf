import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/build-lib.ts'],
    // Builds run Rollup and TypeScript and spawn real processes: give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
