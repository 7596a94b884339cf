/**
 * `prerender preview` and the built server while a build of the site replaces the one they serve:
 * the new build's files are served, each with its own length and ETag (runtime/current-build.ts);
 * preview's routes not prerendered run the new bundle (server/preview-build.ts), which its log says.
 * A file changed in place after the build is described anew. Over a real socket, port 0.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { ask } from '../support/poll.ts';

describe('prerender preview and a new build', () => {
  it("serves the new build's files and routes, and says so at each build", async () => {
    const outDir = tempDir('out-');
    const file = 'src/server/routes/api/hello.txt.ts';
    const live = 'src/server/routes/api/live.ts';
    const big = 'src/server/routes/api/big.json.ts';
    const root = writeSite({
      [file]: route(`() => 'first'`),
      [live]: route(`() => 'first code'`),
      // Over 1 MiB, so streamed from disk rather than kept in memory.
      [big]: route(`() => ({ items: Array.from({ length: 60_000 }, (_, i) => 'first item ' + i) })`),
      // Reads a file copied beside the bundle, whose copy is named by its content.
      'src/server/routes/api/note.ts': `import { readFileSync } from 'node:fs';\nimport { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => readFileSync(new URL('../../notes/', import.meta.url).pathname + 'note.md', 'utf8'));\n`,
      'src/server/notes/note.md': 'first note\n',
      'prerender.config.mjs': `export default { name: 'again', prerender: { routes: ['/api/hello.txt', '/api/big.json'] } };`,
    });
    await buildSite(root, { config: { outDir } });
    const logger = createMemoryLogger();
    const server = await createPreviewServer({ root, config: { outDir }, port: 0, logger });
    try {
      expect((await ask(`${server.url}api/hello.txt`)).body).toBe('first');
      const before = await ask(`${server.url}api/big.json`);
      expect(before.body.length).toBeGreaterThan(1024 * 1024);
      writeFileSync(join(root, file), route(`() => 'second'`));
      writeFileSync(join(root, live), route(`() => 'second code'`));
      writeFileSync(join(root, big), route(`() => ({ items: Array.from({ length: 50_000 }, (_, i) => 'second item ' + i) })`));
      writeFileSync(join(root, 'src/server/notes/note.md'), 'second note\n');
      await buildSite(root, { config: { outDir } });
      const said = `${join(outDir, 'again')} was built again: serving its files and routes now`;
      await expect.poll(() => logger.lines.filter((line) => line.includes('was built again')), { timeout: 15_000 }).toEqual([said]);
      expect((await ask(`${server.url}api/hello.txt`)).body).toBe('second');
      const after = await ask(`${server.url}api/big.json`);
      expect(after.headers.get('content-length')).toBe(String(Buffer.byteLength(after.body)));
      expect(JSON.parse(after.body).items[0]).toBe('second item 0');
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      // The route not prerendered runs the new build's code, and reads its copies of the files beside it.
      expect((await ask(`${server.url}api/live`)).body).toBe('second code');
      expect((await ask(`${server.url}api/note`)).body).toBe('second note\n');
      // Each build is said, the second too.
      writeFileSync(join(root, live), route(`() => 'third code'`));
      await buildSite(root, { config: { outDir } });
      await expect.poll(() => logger.lines.filter((line) => line.includes('was built again')), { timeout: 15_000 }).toEqual([said, said]);
      expect((await ask(`${server.url}api/live`)).body).toBe('third code');
    } finally {
      await server.close();
    }
  });

  it('describes a large file changed in place after the build anew: its length and ETag are its bytes\'', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/api/big.json.ts': route(`() => ({ items: Array.from({ length: 100_000 }, (_, i) => 'item ' + i) })`),
      'prerender.config.mjs': `export default { name: 'edited', prerender: { routes: ['/api/big.json'] } };`,
    });
    await buildSite(root, { config: { outDir } });
    const server = await createPreviewServer({ root, config: { outDir }, port: 0 });
    try {
      const before = await ask(`${server.url}api/big.json`);
      expect(before.body.length).toBeGreaterThan(1024 * 1024);
      const path = join(outDir, 'edited/public/api/big.json');
      appendFileSync(path, '\n'.repeat(1000));
      const after = await ask(`${server.url}api/big.json`);
      expect([after.headers.get('content-length'), after.body]).toEqual([String(before.body.length + 1000), readFileSync(path, 'utf8')]);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    } finally {
      await server.close();
    }
  });
});
