/**
 * What the CLI and the library load before any work starts: Rollup, its plugins and TypeScript load
 * in the toolchain and type-check workers only (TypeScript alone costs about half a second to load,
 * on every command). Read from the static imports of the compiled lib/.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.ts';

const heavy = ['typescript', 'rollup', '@rollup/plugin-commonjs', '@rollup/plugin-node-resolve', '@rollup/plugin-json', 'vite'];

/** Every heavy package `entry` reaches through static imports, with the chain of files that leads there. */
function heavyImports(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export) (?!type )[^;]*? from ['"]([^'"]+)['"]/gm)) {
      const path = [...chain, relative(repoRoot, file)];
      if (heavy.includes(spec!)) found.push(`${spec} via ${path.join(' -> ')}`);
      if (spec!.startsWith('.')) walk(resolve(dirname(file), spec!), path);
    }
  };
  walk(entry, []);
  return found;
}

describe('static imports', () => {
  it.each(['lib/cli/prerender.js', 'lib/src/index.js'])('of %s reach no bundler and no TypeScript', (entry) => {
    expect(heavyImports(join(repoRoot, entry))).toEqual([]);
  });

  it('would show one that did', () => {
    expect(heavyImports(join(repoRoot, 'lib/src/build/toolchain-process.js'))).toContainEqual(expect.stringMatching(/^rollup via /));
  });
});
