/**
 * Routes importing a relative module, a .json file, an ES module package and a CommonJS package
 * (test/support/fixtures/imports): all of it is bundled, with one copy of h3, and the built server runs from
 * a copy of dist/<name> with no node_modules anywhere above it.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixturesDir, tempDir } from '../support/helpers.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const root = join(fixturesDir, 'imports');

describe('a site importing modules, JSON and npm packages', () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    ({ dir } = await buildSite(root));
    bundle = readFileSync(join(dir, 'server/index.mjs'), 'utf8');
  });

  it('prerenders each kind of import', () => {
    const read = (file: string) => readFileSync(join(dir, 'public/api', file), 'utf8');
    expect(read('relative.txt')).toBe('Hello, relative module');
    expect(read('data.json')).toBe('{"title":"Imports fixture","tags":3}');
    expect(read('esm.txt')).toBe('an-esm-package at /api/esm.txt');
    expect(read('cjs.txt')).toBe('A COMMONJS PACKAGE!');
  });

  it('bundles h3 exactly once, the runtime copy, even where a package and the site bring their own', () => {
    // Rollup renames a second copy of a top-level class (H3Core$1), so each pattern counts copies.
    expect(bundle.match(/\bH3Core(\$\d+)? = class\b/g)).toEqual(['H3Core = class']);
    expect(bundle.match(/\bH3Event(\$\d+)? = class\b/g)).toEqual(['H3Event = class']);
    expect(bundle).not.toContain('FIXTURE-STUB-H3-MUST-NOT-BE-BUNDLED');
  });

  it('imports nothing from node_modules at run time: only Node builtins stay imports', () => {
    const imports = [...bundle.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const source of imports) expect(source).toMatch(/^node:/);
  });

  describe('the built server, copied to an empty folder', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      const copy = join(tempDir('copied-'), 'imports-site');
      cpSync(dir, copy, { recursive: true });
      server = await startServerProcess(join(copy, 'server/index.mjs'));
    });
    afterAll(() => server?.stop());

    it('has no node_modules in any folder above it', () => {
      for (let folder = tmpdir(); ; folder = dirname(folder)) {
        expect(existsSync(join(folder, 'node_modules')), folder).toBe(false);
        if (dirname(folder) === folder) break;
      }
    });

    it('answers a route that was not prerendered, through every import', async () => {
      const response = await fetch(`${server.url}/api/echo/Bundled_Words`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      expect(await response.json()).toEqual({
        greeting: 'Hello, Bundled_Words',
        slug: 'bundled-words',
        shout: 'BUNDLED_WORDS!',
        title: 'Imports fixture',
      });
    });

    it('serves the prerendered files', async () => {
      const response = await fetch(`${server.url}/api/cjs.txt`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('A COMMONJS PACKAGE!');
    });
  });
});
