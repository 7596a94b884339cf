import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleInputsKey } from '../../src/cache/bundle-inputs.ts';
import { createFingerprints } from '../../src/cache/fingerprint.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

const routes = [{ file: 'api/a.ts', method: '', path: '/api/a' }];
const inputs = ['src/server/routes/api/a.ts', 'src/lib/format.ts', 'content/data.json', 'node_modules/pkg/index.js'];
const files = {
  'src/server/routes/api/a.ts': 'export default 1',
  'src/lib/format.ts': 'export const f = 1',
  'content/data.json': '{}',
  'node_modules/pkg/index.js': 'module.exports = 1',
  'tsconfig.json': '{ // comment\n "extends": "./tsconfig.base" }',
  'tsconfig.base.json': '{ "extends": ["./tsconfig.strict.json", "./tsconfig.target"], "compilerOptions": {} }',
  'tsconfig.strict.json': '{ "compilerOptions": { "strict": true } }',
  'tsconfig.target.json': '{ "compilerOptions": { "target": "ES2022" } }',
  'package.json': '{ "type": "module", "imports": { "#format": "./src/lib/format.ts" } }',
  'package-lock.json': '{}',
};
const key = { tool: '0.1.0 x', node: '20 icu 77', config: 'k' };
const keyOf = (root: string, over: Partial<Parameters<typeof bundleInputsKey>[0]> = {}) =>
  bundleInputsKey({ root, key, routes, inputs, fingerprints: createFingerprints(), serverDir: join(root, 'dist/site/server'), ...over });

describe("the key of a bundle's inputs", () => {
  it('is the same for the same inputs, in another folder too', () => {
    const root = writeSite(files);
    // Beside it, as a CI checkout in another path: api-prerender is where it was from the site.
    const copy = tempDir('copy-');
    cpSync(root, copy, { recursive: true });
    expect(keyOf(root)).toBe(keyOf(root));
    expect(keyOf(copy)).toBe(keyOf(root));
  });

  it('changes with where the site or api-prerender sit from the output and the site: the bundle names them by relative paths', () => {
    const root = writeSite(files);
    expect(keyOf(root, { serverDir: join(root, 'out/site/server') })).toBe(keyOf(root));
    expect(keyOf(root, { serverDir: join(root, 'out/site/deeper/server') })).not.toBe(keyOf(root));
    const deeper = join(tempDir('copy-'), 'one', 'more');
    cpSync(root, deeper, { recursive: true });
    expect(keyOf(deeper)).not.toBe(keyOf(root));
  });

  const changes: [string, (root: string) => void][] = [
    ['a module', (root) => writeFileSync(join(root, 'src/lib/format.ts'), 'export const f = 2')],
    ['a .json file', (root) => writeFileSync(join(root, 'content/data.json'), '{"a":1}')],
    ['a package', (root) => writeFileSync(join(root, 'node_modules/pkg/index.js'), 'module.exports = 2')],
    ['a file beside a module of the site (an import may resolve to it)', (root) => writeFileSync(join(root, 'src/lib/format.js'), '')],
    ['a folder beside a module of the site', (root) => mkdirSync(join(root, 'src/lib/format'))],
    ['a module beside a folder above a module of the site (`src/lib.ts` beside `src/lib/`)', (root) => writeFileSync(join(root, 'src/lib.ts'), '')],
    ['a folder made above a route file, where an import that found nothing looked', (root) => mkdirSync(join(root, 'src/server/lib'))],
    ['a folder made in the site root', (root) => mkdirSync(join(root, 'types'))],
    ['a file without extension beside a module (an import may name it whole)', (root) => writeFileSync(join(root, 'src/lib/format'), '')],
    ['a declaration file beside a module', (root) => writeFileSync(join(root, 'src/lib/types.d.ts'), '')],
    ['the tsconfig', (root) => writeFileSync(join(root, 'tsconfig.json'), '{}')],
    ['a tsconfig it extends', (root) => writeFileSync(join(root, 'tsconfig.base.json'), '{ "compilerOptions": { "target": "ES2020" } }')],
    ['a tsconfig an `extends` array names', (root) => writeFileSync(join(root, 'tsconfig.target.json'), '{ "compilerOptions": { "target": "ES2020" } }')],
    ["the site's package.json (its `imports` map)", (root) => writeFileSync(join(root, 'package.json'), '{ "type": "module", "imports": { "#format": "./src/lib/other.ts" } }')],
    ['the lockfile', (root) => writeFileSync(join(root, 'package-lock.json'), '{"v":2}')],
  ];
  for (const [what, change] of changes) {
    it(`changes with ${what}`, () => {
      const root = writeSite(files);
      const before = keyOf(root);
      change(root);
      expect(keyOf(root)).not.toBe(before);
    });
  }

  it('does not change with a file no import resolves to beside the modules: notes, a log, a stylesheet, a dot-name', () => {
    const root = writeSite(files);
    const before = keyOf(root);
    writeFileSync(join(root, 'NOTES.md'), 'todo');
    writeFileSync(join(root, 'build.log'), '');
    writeFileSync(join(root, 'src/lib/format.md'), '');
    writeFileSync(join(root, 'src/server/routes/api/style.css'), '');
    // Nor a dot-name: git's and CI's folders, a .env file.
    mkdirSync(join(root, '.github/workflows'), { recursive: true });
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.env'), 'TOKEN=x');
    expect(keyOf(root)).toBe(before);
    // Removed again, or its content changed: the same.
    writeFileSync(join(root, 'NOTES.md'), 'done');
    expect(keyOf(root)).toBe(before);
  });

  it('changes with the route table, api-prerender, Node or the config, and not with a file beside a package module', () => {
    const root = writeSite(files);
    const before = keyOf(root);
    expect(keyOf(root, { routes: [...routes, { file: 'api/b.ts', method: 'GET', path: '/api/b' }] })).not.toBe(before);
    expect(keyOf(root, { key: { ...key, tool: '0.2.0 x' } })).not.toBe(before);
    expect(keyOf(root, { key: { ...key, node: '22 icu 77' } })).not.toBe(before);
    expect(keyOf(root, { key: { ...key, config: 'other' } })).not.toBe(before);
    writeFileSync(join(root, 'node_modules/pkg/README.md'), '');
    expect(keyOf(root)).toBe(before);
  });
});
