/**
 * A user's handler returns what h3 sends as something else than meant (a Map, nothing, HTML typed as
 * text): the build publishes it, and warns (HANDLER_RESULT) naming the route, its file and what to return.
 */
import { describe, expect, it } from 'vitest';
import { buildSite, route, writeSite } from '../support/helpers.ts';

describe('a handler returning what h3 sends as other than meant', () => {
  it('is published, with one warning per route file naming the route, the file and what to return', async () => {
    const api = 'src/server/routes/api';
    const root = writeSite({
      [`${api}/map.json.ts`]: route(`() => new Map([['a', 1]])`),
      [`${api}/nothing.json.ts`]: route(`() => undefined`),
      [`${api}/page.html.ts`]: route(`() => '<h1>Hi</h1>'`),
      [`${api}/items/[id].json.ts`]: route(`() => null`),
      [`${api}/fine.json.ts`]: route(`() => ({ a: 1 })`),
      [`${api}/feed.xml.ts`]: route(`() => ({ channel: { title: 'News' } })`),
      'prerender.config.mjs': `export default { prerender: { routes: ['/api/map.json', '/api/nothing.json', '/api/page.html', '/api/items/1.json', '/api/items/2.json', '/api/fine.json', '/api/feed.xml'] } };`,
    });
    const { report, logger } = await buildSite(root);
    expect(report.ok).toBe(7);
    const mistakes = report.warnings.filter((warning) => warning.code === 'HANDLER_RESULT').map((warning) => warning.message);
    // In the order of their routes' first.
    expect(mistakes).toEqual([
      "src/server/routes/api/feed.xml.ts: the handler of /api/feed.xml returned an object, which h3 sends as JSON, though the route's name ends in .xml, which hosts serve as application/xml: return the file's text as a string, and set its type: setHeader(event, 'content-type', 'application/xml').",
      'src/server/routes/api/items/[id].json.ts: the handler of /api/items/1.json, /api/items/2.json returned null, so the file is empty: return the data, or throw createError({ statusCode: 404 }) where there is none.',
      expect.stringMatching(/^src\/server\/routes\/api\/map\.json\.ts: the handler of \/api\/map\.json returned a Map, .*Object\.fromEntries\(map\)/),
      expect.stringMatching(/^src\/server\/routes\/api\/nothing\.json\.ts: the handler of \/api\/nothing\.json returned undefined/),
      expect.stringMatching(/^src\/server\/routes\/api\/page\.html\.ts: the handler of \/api\/page\.html returned a string without a content type, sent as text\/plain, .*'text\/html; charset=utf-8'/),
    ]);
    // Its own warning says what the file is: the generic one of a file typed otherwise than named is not added.
    expect(report.warnings.map((warning) => warning.code)).not.toContain('MISTYPED_FILE');
    expect(logger.lines.filter((line) => line.startsWith('warning ')).length).toBe(report.warnings.length);
  });
});
