/**
 * The servers read no route list: a function given as prerender.routes (a CMS's list) is not called
 * by `prerender dev` or `prerender preview`, so one that fails (a token not set, the CMS down) stops
 * neither. The build calls it, and fails naming it.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevServer, createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

/** A site whose routes function fails unless the file `token` is in its root, as a list from a CMS without its token. */
function cmsSite(): string {
  return writeSite({
    'src/server/routes/api/posts/[slug].json.ts': route(`(event) => ({ slug: getRouterParam(event, 'slug') })`, 'defineEventHandler, getRouterParam'),
    'prerender.config.mjs': `import { existsSync } from 'node:fs';
export default {
  name: 'cms',
  prerender: {
    routes: async () => {
      if (!existsSync(new URL('./token', import.meta.url))) throw new Error('CMS_TOKEN is not set');
      return ['/api/posts/hello.json'];
    },
  },
};
`,
  });
}

describe('a routes function that fails', () => {
  it('fails the build, naming the function', async () => {
    const error = await catchError(() => buildSite(cmsSite()));
    expect(error.code).toBe('ROUTE_ENTRIES');
    expect(error.message).toContain('The function given as prerender.routes in prerender.config.mjs failed: CMS_TOKEN is not set');
  });

  it('stops neither prerender dev nor prerender preview, which never call it', async () => {
    const root = cmsSite();
    writeFileSync(join(root, 'token'), 'x');
    const { outDir } = await buildSite(root);
    rmSync(join(root, 'token'));

    const preview = await createPreviewServer({ root, config: { outDir }, port: 0, logger: createMemoryLogger() });
    try {
      const answer = await fetch(new URL('/api/posts/hello.json', preview.url));
      expect([answer.status, await answer.text()]).toEqual([200, '{"slug":"hello"}']);
    } finally {
      await preview.close();
    }

    const dev = await createDevServer({ root, port: 0, logger: createMemoryLogger() });
    try {
      const answer = await fetch(new URL('/api/posts/other.json', dev.url));
      expect([answer.status, await answer.text()]).toEqual([200, '{"slug":"other"}']);
    } finally {
      await dev.close();
    }
  });
});
