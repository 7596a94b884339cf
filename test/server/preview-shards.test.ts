/** `prerender preview` where the build is in shards not merged yet: it says to merge them. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreviewServer } from '../../src/index.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

describe('preview of a site built in shards', () => {
  it('is NO_BUILD naming the shards and the merge that makes the build', async () => {
    const root = writeSite({
      'src/server/routes/api/[id].json.ts': route(`(event) => ({ id: getRouterParam(event, 'id') })`, 'defineEventHandler, getRouterParam'),
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/1.json', '/api/2.json', '/api/3.json'] } };`,
    });
    const outDir = tempDir('out-');
    for (const index of [1, 2]) await buildSite(root, { shard: { index, count: 2 }, config: { outDir } });
    const error = await catchError(() => createPreviewServer({ root, config: { outDir }, port: 0 }));
    const shards = ['site.shard-1-of-2', 'site.shard-2-of-2'].map((name) => join(outDir, name));
    expect(error.code).toBe('NO_BUILD');
    expect(error.message).toBe(`No build found in ${join(outDir, 'site')}, but 2 shards of one are beside it (${shards.join(', ')}): shards are served once merged.`);
    expect(error.hint).toBe(`Run \`prerender merge ${shards.join(' ')}\` first, or \`prerender build\` without --shard.`);
  });
});
