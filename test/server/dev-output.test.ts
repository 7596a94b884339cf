/**
 * The dev builds' output (src/server/dev-output.ts): one module per source module, each at a name
 * its own id gives, so that a build of some route files writes them where every other build did, and
 * a thread finds a route file's module by its name; files written only when their bytes changed.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { createOutputWriter, devModuleName, devOutputOptions } from '../../src/server/dev-output.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

describe('devModuleName', () => {
  it.each([
    ['/site/src/shared/price.ts', 'site/src/shared/price.ts.mjs'],
    ['/site/src/server/routes/api/[id].get.ts', 'site/src/server/routes/api/~5Bid~5D.get.ts.mjs'],
    ['/site/src/server/routes/api/[...].ts', 'site/src/server/routes/api/~5B...~5D.ts.mjs'],
    ['/site/a~b%.ts', 'site/a~7Eb%.ts.mjs'],
    ['/elsewhere/lib/x.js', 'up1/elsewhere/lib/x.js.mjs'],
    ['/site/node_modules/pkg/index.js', 'site/node_modules/pkg/index.js.mjs'],
  ])('names %s %s', (id, name) => {
    expect(devModuleName(id, '/site')).toBe(name);
  });

  it('puts a virtual module at the top, and a query beside its file under a name of its own', () => {
    expect(devModuleName('\0commonjsHelpers.js', '/site')).toMatch(/^virtual-_commonjsHelpers\.js-[0-9a-f]{8}\.mjs$/);
    expect(devModuleName('/site/lib/x.js?commonjs-proxy', '/site')).toMatch(/^site\/lib\/x\.js-[0-9a-f]{8}\.mjs$/);
    expect(devModuleName('/site/lib/x.js?commonjs-exports', '/site')).not.toBe(devModuleName('/site/lib/x.js?commonjs-proxy', '/site'));
  });

  it('gives two paths under the root two names, with no Rollup placeholder in either', () => {
    const segment = fc.stringMatching(/^[a-z[\]~%.-]{1,6}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.array(segment, { minLength: 1, maxLength: 3 }), (a, b) => {
        const [x, y] = [a, b].map((segments) => devModuleName(`/site/${segments.join('/')}`, '/site'));
        expect(x === y).toBe(a.join('/') === b.join('/'));
        expect(x).not.toMatch(/[[\]]/);
      }),
    );
  });
});

describe('the dev output of a Rollup build', () => {
  const root = writeSite({
    'routes/api/[id].js': `import { price } from '../../shared/price.js';\nexport default (id) => id + ' costs ' + price;\n`,
    'routes/api/other.js': `import { price } from '../../shared/price.js';\nexport default () => 'other ' + price;\n`,
    'shared/price.js': `export const price = '1 EUR';\nexport const unused = 'kept for the routes of other builds';\n`,
  });
  const bundle = async (dir: string, files: string[]) => {
    const result = await rollup({ input: files.map((file) => join(root, 'routes', file)), treeshake: false });
    const { output } = await result.generate(devOutputOptions(root, dir));
    await result.close();
    return output;
  };

  it('writes a route file and the module it imports at the names their ids give, then only what changed', async () => {
    const dir = tempDir('dev-out-');
    const writer = createOutputWriter(dir);
    expect(writer.write(await bundle(dir, ['api/[id].js', 'api/other.js']))).toBe(6);
    const route = join(dir, 'site/routes/api/~5Bid~5D.js.mjs');
    const { default: handler } = (await import(pathToFileURL(route).href)) as { default: (id: string) => string };
    expect(handler('7')).toBe('7 costs 1 EUR');
    // Every export of a module stays, whichever importers a build went through.
    expect(readFileSync(join(dir, 'site/shared/price.js.mjs'), 'utf8')).toMatch(/export \{ price, unused \}/);
    // The map leads from where the module is to its source, for stack traces.
    const { sources } = JSON.parse(readFileSync(`${route}.map`, 'utf8')) as { sources: string[] };
    expect(sources.map((source) => resolve(dirname(route), source))).toEqual([join(root, 'routes/api/[id].js')]);

    const before = statSync(join(dir, 'site/shared/price.js.mjs')).mtimeMs;
    expect(writer.write(await bundle(dir, ['api/other.js']))).toBe(0);
    writeSite({ 'routes/api/other.js': `import { price } from '../../shared/price.js';\nexport default () => 'other, saved, ' + price;\n` }, root);
    // The module and its map; not the shared module, whose bytes are the same.
    expect(writer.write(await bundle(dir, ['api/other.js']))).toBe(2);
    expect(statSync(join(dir, 'site/shared/price.js.mjs')).mtimeMs).toBe(before);
    expect(readFileSync(join(dir, 'site/routes/api/other.js.mjs'), 'utf8')).toContain('other, saved, ');
  });
});
