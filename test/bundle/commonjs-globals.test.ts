/**
 * A CommonJS package using `__dirname` and `__filename` works in the bundle (src/bundle/commonjs-globals.ts):
 * both name the bundle's own file and folder, in the prerender and in the built server wherever its
 * folder is copied; a module declaring its own keeps them.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, tempDir, writeSite } from '../support/helpers.ts';
import { startServerProcess } from '../support/server-process.ts';

const api = 'src/server/routes/api';

function site() {
  return writeSite({
    'node_modules/uses-dirname/package.json': JSON.stringify({ name: 'uses-dirname', version: '1.0.0', main: 'index.js' }),
    'node_modules/uses-dirname/index.js': `const path = require('path');\nexports.where = () => ({ dir: path.basename(__dirname), file: path.basename(__filename), absolute: path.isAbsolute(__dirname) });\n`,
    'node_modules/own-dirname/package.json': JSON.stringify({ name: 'own-dirname', version: '1.0.0', main: 'index.js' }),
    'node_modules/own-dirname/index.js': `var __dirname = '/its/own';\nmodule.exports = () => __dirname;\n`,
    [`${api}/where.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { where } from 'uses-dirname';\nimport own from 'own-dirname';\nexport default defineEventHandler(() => ({ ...where(), own: own() }));\n`,
    'prerender.config.mjs': `export default { name: 'cjs', prerender: { routes: ['/api/where.json'] } };`,
  });
}

describe('a bundled CommonJS package using __dirname and __filename', () => {
  it('gets the bundle\'s own folder and file, in the prerender and in the built server copied elsewhere', async () => {
    const { dir } = await buildSite(site());
    const expected = { dir: 'server', file: 'index.mjs', absolute: true, own: '/its/own' };
    expect(JSON.parse(readFileSync(join(dir, 'public', 'api', 'where.json'), 'utf8'))).toEqual(expected);
    const copy = join(tempDir('copy-'), 'server');
    cpSync(join(dir, 'server'), copy, { recursive: true });
    const server = await startServerProcess(join(copy, 'index.mjs'));
    try {
      // Not prerendered as a file in the copy (public/ is not there): the route answers.
      const response = await fetch(new URL('/api/where.json', server.url));
      expect(await response.json()).toEqual(expected);
    } finally {
      await server.stop();
    }
  });
});
