/**
 * A stylesheet, image or font imported by the routes' code (src/bundle/asset-imports.ts): refused at
 * the import, with its place and the fix, in the build and in dev, where the other routes are served.
 */
import { describe, expect, it } from 'vitest';
import { build, createDevServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { route, tempDir, writeSite } from '../support/helpers.ts';
import { ask } from '../support/poll.ts';

/** A site whose route file imports a stylesheet; `shared`: a module of it an image (Vite's `?url` form). */
const site = (shared = false) =>
  writeSite({
    'src/style.css': 'body { color: red }\n',
    'src/server/routes/api/styled.json.ts': `import { defineEventHandler } from 'h3';\nimport '../../../style.css';\nexport default defineEventHandler(() => ({ styled: true }));\n`,
    'src/server/routes/api/plain.json.ts': route(`() => ({ plain: true })`),
    ...(shared
      ? {
          'src/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
          'src/server/lib/brand.ts': `import logo from '../../logo.svg?url';\nexport const brand = (): string => logo;\n`,
          'src/server/routes/api/brand.json.ts': `import { defineEventHandler } from 'h3';\nimport { brand } from '../../lib/brand.ts';\nexport default defineEventHandler(() => ({ brand: brand() }));\n`,
        }
      : {}),
  });

describe('an import of a stylesheet or an image in the routes', () => {
  it('fails the build at the import, naming it, what it is and the fix, not the stylesheet as a syntax error', async () => {
    const error = await catchError(() => build({ root: site(true), typecheck: false, logger: createMemoryLogger(), config: { outDir: tempDir('out-'), prerender: { routes: ['/api/plain.json'] } } }));
    expect(error.code).toBe('COMPILE');
    expect(error.message).toMatch(/^src\/server\/(routes\/api\/styled\.json\.ts:2:1 imports \.\.\/\.\.\/\.\.\/style\.css, a stylesheet|lib\/brand\.ts:1:1 imports \.\.\/\.\.\/logo\.svg\?url, an image): the routes run on the server, where it is no module/);
    expect(error.frame).toMatch(/^\d: import /m);
    expect(error.hint).toMatch(/^Remove the import from the routes' code\. To serve or read the file, name it with new URL\('[./]+(style\.css|logo\.svg)', import\.meta\.url\)/);
  });

  it('in dev, answers with the error the route file that imports it, and serves the others', async () => {
    const server = await createDevServer({ root: site(), port: 0, logger: createMemoryLogger() });
    try {
      expect(JSON.parse((await ask(new URL('/api/plain.json', server.url).href)).body)).toEqual({ plain: true });
      const styled = await ask(new URL('/api/styled.json', server.url).href);
      expect([styled.status, JSON.parse(styled.body).message]).toEqual([500, expect.stringContaining('src/server/routes/api/styled.json.ts:2:1 imports ../../../style.css, a stylesheet')]);
    } finally {
      await server.close();
    }
  });
});
