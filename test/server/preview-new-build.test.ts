/**
 * `prerender preview` keeps serving the build it loaded; a build of the site made while it runs is
 * said in its log (src/server/new-build.ts), where a user checking a rebuilt site would otherwise
 * read the old answers without a word. Over a real socket, port 0.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { ask } from '../support/poll.ts';

describe('prerender preview and a new build', () => {
  it('says that the site was built again, and that it still serves the build it started with', async () => {
    const outDir = tempDir('out-');
    const file = 'src/server/routes/api/hello.txt.ts';
    const root = writeSite({ [file]: route(`() => 'first'`), 'prerender.config.mjs': `export default { name: 'again', prerender: { routes: ['/api/hello.txt'] } };` });
    await buildSite(root, { config: { outDir } });
    const logger = createMemoryLogger();
    const server = await createPreviewServer({ root, config: { outDir }, port: 0, logger });
    try {
      expect((await ask(`${server.url}api/hello.txt`)).body).toBe('first');
      writeFileSync(join(root, file), route(`() => 'second'`));
      await buildSite(root, { config: { outDir } });
      const said = `warning ${join(outDir, 'again')} was built again: this preview still serves the build it started with; restart prerender preview to serve the new one`;
      await expect.poll(() => logger.lines.filter((line) => line.includes('was built again')), { timeout: 15_000 }).toEqual([said]);
      expect((await ask(`${server.url}api/hello.txt`)).body).toBe('first');
    } finally {
      await server.close();
    }
  });
});
