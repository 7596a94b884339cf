/**
 * A handler using a name of CommonJS (`__dirname`, `require`) in a route file, an ES module: the
 * type check passes it (@types/node declares them), the route fails, and its failure says what ES
 * modules use instead.
 */
import { describe, expect, it } from 'vitest';
import { buildSite, writeSite } from '../support/helpers.ts';
import { catchError } from '../support/catch-error.ts';

describe('a CommonJS name in a route file', () => {
  it('fails its route naming the ES module way: a URL of import.meta.url, import.meta.filename, import', async () => {
    const api = 'src/server/routes/api';
    const handler = (body: string) => `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => ${body});\n`;
    const root = writeSite({
      [`${api}/dir.txt.ts`]: handler('String(__dirname)'),
      [`${api}/file.txt.ts`]: handler('String(__filename)'),
      [`${api}/req.txt.ts`]: handler(`require('node:os').hostname()`),
      [`${api}/other.txt.ts`]: handler('String(notDeclared)'),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/dir.txt', '/api/file.txt', '/api/req.txt', '/api/other.txt'] } };`,
    });
    const error = await catchError(() => buildSite(root, { typecheck: false }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain("/api/dir.txt  500  the handler threw ReferenceError: __dirname is not defined (route files are ES modules, which have no __dirname: use new URL('./data.json', import.meta.url) to name a file beside the route file (the build copies it beside the bundle))");
    expect(error.message).toContain('/api/file.txt  500  the handler threw ReferenceError: __filename is not defined (route files are ES modules, which have no __filename: use import.meta.filename)');
    expect(error.message).toContain("/api/req.txt  500  the handler threw ReferenceError: require is not defined (route files are ES modules, which have no require: use import (or createRequire(import.meta.url) from 'node:module'))");
    expect(error.message).toMatch(/\/api\/other\.txt {2}500 {2}the handler threw ReferenceError: notDeclared is not defined \(src/);
  });
});
