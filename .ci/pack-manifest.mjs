// `npm pack` / `npm publish` hooks (prepack, postpack): the published package.json leaves out the
// `prepare` script. A clone needs it (`npm ci` then builds lib/, so the bin works), but the tarball
// ships lib/ already, and npm warns about every install script of a package installed from a tarball.
// Usage: node .ci/pack-manifest.mjs strip|restore [folder holding package.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, folder = '.'] = process.argv.slice(2);
const file = join(folder, 'package.json');
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const scripts = manifest.scripts ?? {};
if (mode === 'strip' && scripts.prepare !== undefined) {
  manifest.scripts = { ...scripts, 'prepare:clone': scripts.prepare };
  delete manifest.scripts.prepare;
} else if (mode === 'restore' && scripts['prepare:clone'] !== undefined) {
  manifest.scripts = { ...scripts, prepare: scripts['prepare:clone'] };
  delete manifest.scripts['prepare:clone'];
} else if (mode !== 'strip' && mode !== 'restore') {
  throw new Error(`usage: node .ci/pack-manifest.mjs strip|restore [folder], got ${mode}`);
}
writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
