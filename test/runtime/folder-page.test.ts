/**
 * An HTML page asked for without the slash of its folder (src/runtime/folder-page.ts): the built
 * server and preview send a route's HTML answer there to the folder, as static hosts send a
 * prerendered page's file and as dev does, so a page's relative links resolve alike everywhere.
 * Over a real socket, port 0.
 */
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';
import { ask } from '../support/poll.ts';

const html = (body: string) => route(`(event) => { event.res.headers.set('content-type', 'text/html; charset=utf-8'); return ${JSON.stringify(body)}; }`);

describe('a route answering HTML at a path without the slash of its folder', () => {
  it('is sent to the folder (301, query kept) by preview and the built server; other answers are not', async () => {
    const outDir = tempDir('out-');
    const root = writeSite({
      'src/server/routes/about.ts': html('<a href="team">Team</a>'),
      'src/server/routes/page.html.ts': html('<p>named .html</p>'),
      'src/server/routes/api/data.ts': route(`() => ({ ok: true })`),
      'src/server/routes/api/form.post.ts': html('<p>posted</p>'),
    });
    // Nothing prerendered: the server answers every route.
    await buildSite(root, { config: { outDir, prerender: { routes: [] } } });
    const server = await createPreviewServer({ root, config: { outDir }, port: 0 });
    try {
      const manual = { redirect: 'manual' } as const;
      const moved = await ask(new URL('/about?team=all', server.url).href, manual);
      expect([moved.status, moved.headers.get('location'), moved.headers.get('cache-control'), moved.body]).toEqual([301, '/about/?team=all', 'public, max-age=0, must-revalidate', '']);
      expect((await ask(new URL('/about', server.url).href, { ...manual, method: 'HEAD' })).status).toBe(301);
      expect(await ask(new URL('/about/', server.url).href, manual)).toMatchObject({ status: 200, body: '<a href="team">Team</a>' });
      expect(await ask(new URL('/page.html', server.url).href, manual)).toMatchObject({ status: 200, body: '<p>named .html</p>' });
      expect(await ask(new URL('/api/data', server.url).href, manual)).toMatchObject({ status: 200, body: '{"ok":true}' });
      expect(await ask(new URL('/api/form', server.url).href, { ...manual, method: 'POST' })).toMatchObject({ status: 200, body: '<p>posted</p>' });
    } finally {
      await server.close();
    }
  });
});
