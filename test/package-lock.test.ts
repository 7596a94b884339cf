import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './support/helpers.ts';

interface LockPackage {
  optionalDependencies?: Record<string, string>;
}

// npm ci refuses a lock that misses an optional dependency, even one for another platform.
it('lists every optional dependency in package-lock.json, so npm ci accepts it on a fresh clone', () => {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  const missing = Object.values(lock.packages).flatMap((pkg) =>
    Object.keys(pkg.optionalDependencies ?? {}).filter((name) => !lock.packages[`node_modules/${name}`]),
  );
  expect(missing, 'run: node .ci/complete-lock.mjs package-lock.json').toEqual([]);
});
