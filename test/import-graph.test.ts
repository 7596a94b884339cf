/**
 * What the CLI and the library load before any work starts: Rollup, its plugins and TypeScript load
 * in the toolchain processes only (TypeScript alone costs about half a second to load, on every
 * command); the CLI loads a command's code when that command runs. Read from the static imports of
 * the compiled lib/, and the modules it loads with `require()` by a literal path.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/helpers.ts';

const heavy = ['typescript', 'rollup', '@rollup/plugin-commonjs', '@rollup/plugin-node-resolve', '@rollup/plugin-json', 'vite'];
/** What a command loads only when it runs (`--help`, `--version` and usage errors load none of it). */
const commandOnly = ['h3', 'srvx', 'srvx/node', 'sitemap', 'htmlparser2', 'saxes'];
/** What a build loads only when the site asks for it: a sitemap, a crawl, an XML body. */
const optional = ['sitemap', 'htmlparser2', 'saxes'];

/** Every package of `heavy` that `entry` reaches through static imports, with the chain of files that leads there. */
function heavyImports(entry: string, heavy: string[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    // A module loaded with `require()` (the bin, the toolchain process) counts as imported.
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/^(?:import|export) (?!type )[^;]*? from ['"]([^'"]+)['"]/gm), ...text.matchAll(/\bload\(['"](\.[^'"]+)['"]\)/g)].map((match) => match[1]);
    for (const spec of specs) {
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
    expect(heavyImports(join(repoRoot, entry), heavy)).toEqual([]);
  });

  it("of the CLI reach no command's libraries", () => {
    expect(heavyImports(join(repoRoot, 'lib/cli/prerender.js'), commandOnly)).toEqual([]);
  });

  it('of the package entry reach no command\'s libraries: a config importing defineConfig needs no h3', () => {
    expect(heavyImports(join(repoRoot, 'lib/src/index.js'), commandOnly)).toEqual([]);
  });

  it('of a build reach no library a site may not use', () => {
    expect(heavyImports(join(repoRoot, 'lib/src/pipeline/build.js'), optional)).toEqual([]);
  });

  it('would show one that did', () => {
    expect(heavyImports(join(repoRoot, 'lib/src/toolchain/toolchain-process.js'), heavy)).toContainEqual(expect.stringMatching(/^rollup via /));
    expect(heavyImports(join(repoRoot, 'lib/src/server/dev-server.js'), commandOnly)).not.toEqual([]);
  });
});
