// `npm pack` / `npm publish` hooks (prepack, postpack): the published package.json leaves out the
// `prepare` script. A clone needs it (`npm ci` then builds lib/, so the bin works), but the tarball
// ships lib/ already, and npm warns about every install script of a package installed from a tarball.
// strip renames `prepare` to `prepare:clone` and restore renames it back, each in its place and in
// the file's own indentation, so that a clone's package.json is byte for byte what it was after
// `npm pack` (git status stays clean).
// Usage: node .ci/pack-manifest.mjs strip|restore [folder holding package.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, folder = '.'] = process.argv.slice(2);
const renames = { strip: ['prepare', 'prepare:clone'], restore: ['prepare:clone', 'prepare'] };
if (!Object.hasOwn(renames, mode)) throw new Error(`usage: node .ci/pack-manifest.mjs strip|restore [folder], got ${mode}`);
const [from, to] = renames[mode];

const file = join(folder, 'package.json');
const text = readFileSync(file, 'utf8');
const manifest = JSON.parse(text);
if (manifest.scripts?.[from] !== undefined) {
  manifest.scripts = Object.fromEntries(Object.entries(manifest.scripts).map(([key, value]) => [key === from ? to : key, value]));
  const indent = /^[ \t]+/m.exec(text)?.[0] ?? 2;
  writeFileSync(file, JSON.stringify(manifest, null, indent) + (text.endsWith('\n') ? '\n' : ''));
}
