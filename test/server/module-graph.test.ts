/**
 * What the dev server keeps of its builds (src/server/module-graph.ts), from real Rollup builds: the
 * cache of every module any build met, which route files import a module, and which modules a
 * file's change makes Rollup transform again.
 */
import { join } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { describe, expect, it } from 'vitest';
import { createModuleGraph } from '../../src/server/module-graph.ts';
import { writeSite } from '../support/helpers.ts';

const root = writeSite({
  'r1.js': `import { price } from './shared.js';\nexport default () => price;\n`,
  'r2.js': `import { label } from './mid.js';\nexport default () => label;\n`,
  'r3.js': `export default () => import('./late.js');\n`,
  'mid.js': `import { price } from './shared.js';\nexport const label = 'costs ' + price;\n`,
  'shared.js': `export const price = 1;\n`,
  'late.js': `export const late = true;\n`,
  'notes.txt': 'read by a transform',
});
const at = (file: string) => join(root, file);
const routes = new Set(['r1.js', 'r2.js', 'r3.js'].map(at));
/** Makes mid.js read notes.txt as it is transformed, as an asset `new URL()` does. */
const readsNotes: Plugin = {
  name: 'reads-notes',
  transform(_code, id) {
    if (id === at('mid.js')) this.addWatchFile(at('notes.txt'));
    return null;
  },
};

async function built(inputs: string[], graph = createModuleGraph()) {
  const result = await rollup({ input: inputs.map(at), plugins: [readsNotes], cache: graph.cache(), treeshake: false });
  graph.update(result.cache!);
  await result.close();
  return graph;
}

describe('createModuleGraph', () => {
  it('finds the route files that import a module, directly, through another, or by a dynamic import', async () => {
    const graph = await built(['r1.js', 'r2.js', 'r3.js']);
    expect(graph.routesImporting([at('shared.js')], routes)).toEqual(new Set([at('r1.js'), at('r2.js')]));
    expect(graph.routesImporting([at('mid.js')], routes)).toEqual(new Set([at('r2.js')]));
    expect(graph.routesImporting([at('late.js')], routes)).toEqual(new Set([at('r3.js')]));
    expect(graph.routesImporting([at('r1.js')], routes)).toEqual(new Set([at('r1.js')]));
    expect(graph.routesImporting([at('nothing.js')], routes)).toEqual(new Set());
  });

  it('keeps the modules of earlier builds when a build goes through some of them', async () => {
    const graph = await built(['r2.js'], await built(['r1.js', 'r3.js']));
    expect(graph.cache().modules.map((module) => module.id).sort()).toEqual(['late.js', 'mid.js', 'r1.js', 'r2.js', 'r3.js', 'shared.js'].map(at).sort());
    expect(graph.has(at('late.js'))).toBe(true);
    expect(graph.routesImporting([at('shared.js')], routes)).toEqual(new Set([at('r1.js'), at('r2.js')]));
  });

  it('names the modules whose transform read a changed file, and drops them from the cache so they are transformed again', async () => {
    const graph = await built(['r1.js', 'r2.js']);
    expect(graph.readers(at('notes.txt'))).toEqual([at('mid.js')]);
    expect(graph.cache().modules.map((module) => module.id)).not.toContain(at('mid.js'));
    // Still known as an importer: its routes are found.
    expect(graph.routesImporting([at('mid.js')], routes)).toEqual(new Set([at('r2.js')]));
    expect(graph.readers(at('shared.js'))).toEqual([]);
  });
});
