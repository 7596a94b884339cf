/**
 * A build whose name changed (src/output/earlier-names.ts): the output of the old name stays in
 * outDir, where a deploy step uploading outDir would publish both; the build says so, and says
 * nothing of another site's output there.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, route, tempDir, writeSite } from '../support/helpers.ts';

describe('an earlier build of the site under another name', () => {
  it('is named after the summary, with what to remove; another site in the same outDir is not', async () => {
    const outDir = tempDir('out-');
    const cacheDir = tempDir('cache-');
    const files = { 'src/server/routes/api/hello.txt.ts': route(`() => 'hi'`) };
    const root = writeSite(files);
    const routes = { routes: ['/api/hello.txt'] };
    await buildSite(root, { config: { outDir, cacheDir, name: 'site', prerender: routes } });
    // Another site, with its own cache, beside it in outDir.
    await buildSite(writeSite(files), { config: { outDir, cacheDir: tempDir('cache-'), name: 'other', prerender: routes } });
    const renamed = await buildSite(root, { config: { outDir, cacheDir, name: 'blog', prerender: routes } });
    expect(renamed.logger.lines.filter((line) => line.includes('earlier build'))).toEqual([
      `${join(outDir, 'site')} is the output of an earlier build of this site named "site" (its cache is beside this one's): if the name changed, remove it and ${join(cacheDir, 'site')}, or a step that uploads ${outDir} publishes both`,
    ]);
    const again = await buildSite(root, { config: { outDir, cacheDir, name: 'site', prerender: routes } });
    expect(again.logger.lines.filter((line) => line.includes('earlier build'))).toEqual([expect.stringContaining(`${join(outDir, 'blog')} is the output of an earlier build of this site named "blog"`)]);
  });
});
