/**
 * A user copies sample-site out of the repository and installs what its package.json lists: the
 * build type-checks it clean. Its tsconfig names the `@types` packages its routes need (`"types":
 * ["node"]`), so its package.json must list each, or the copy reports TS2688 for them.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/helpers.ts';
import { copySampleSite } from '../support/sample-copy.ts';

const sampleSite = join(repoRoot, 'sample-site');
/** The JSON in `file`, as the fields the test reads. */
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('sample-site copied out of the repository', () => {
  it('lists in its package.json every type package its tsconfig names, and the packages it imports', () => {
    const { devDependencies = {} } = readJson<{ devDependencies?: Record<string, string> }>(join(sampleSite, 'package.json'));
    const { compilerOptions } = readJson<{ compilerOptions: { types: string[] } }>(join(sampleSite, 'tsconfig.json'));
    for (const name of [...compilerOptions.types.map((type) => `@types/${type}`), 'h3', 'api-prerender']) expect(Object.keys(devDependencies)).toContain(name);
  });

  it('with what its package.json lists installed, builds and type-checks without an error', { timeout: 120_000 }, async () => {
    const root = copySampleSite();
    // As `npm install` would give it: each package it lists (this repository's copy of each).
    const { devDependencies } = readJson<{ devDependencies: Record<string, string> }>(join(root, 'package.json'));
    for (const name of Object.keys(devDependencies)) {
      mkdirSync(join(root, 'node_modules', name, '..'), { recursive: true });
      symlinkSync(name === 'api-prerender' ? repoRoot : join(repoRoot, 'node_modules', name), join(root, 'node_modules', name), 'dir');
    }
    const { code, stderr } = await runCli(['build'], { cwd: root, timeout: 110_000 });
    expect(code, stderr).toBe(0);
    // A type error as tsc words it (`TS2307: ...`), not the letters in a temporary folder's name.
    expect(stderr).not.toMatch(/\bTS\d+: /);
    expect(stderr).toMatch(/^type check: no errors \(TypeScript [\d.]+, api-prerender's\)$/m);
  });
});
