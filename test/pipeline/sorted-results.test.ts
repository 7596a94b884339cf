/**
 * A crawling build's results held back and handed on sorted (src/pipeline/sorted-results.ts): its
 * routes come level by level, while the manifest and the sitemap list them by route. Checked through
 * the real route sink, on the files it writes.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrerenderRoute } from '../../src/config/types.ts';
import { readManifest } from '../../src/output/manifest.ts';
import { createRouteSink } from '../../src/pipeline/route-sink.ts';
import { createSortedResults } from '../../src/pipeline/sorted-results.ts';
import type { PrerenderResult } from '../../src/prerender/prerender.ts';
import type { SiteCode } from '../../src/prerender/site-trace.ts';
import { runSize } from '../../src/sorted-runs.ts';
import { tempDir } from '../support/helpers.ts';

const written = (route: string, file: string): PrerenderResult => ({ route, file, status: 200, contentType: 'text/html; charset=utf-8', bytes: 1, ms: 0 });
const listed = (route: string): PrerenderRoute => ({ route, sitemap: {} });
/** The site's code of a sink whose build has no site: no handler throws here, so no trace is read. */
const site = (distDir: string): SiteCode => ({ root: distDir, routesDir: join(distDir, 'routes'), outDir: distDir });

describe('createSortedResults', () => {
  it('hands nothing on until flushed, then every result sorted by route, code unit by code unit', async () => {
    const distDir = tempDir('dist-');
    const publicDir = join(distDir, 'public');
    mkdirSync(publicDir);
    const sink = createRouteSink({ preset: 'static', configFile: null, distDir, publicDir, sitemapHost: 'https://example.com', keepSitemapEntries: true, site: site(distDir) });
    const held = createSortedResults(sink, distDir);
    // Level by level, as a crawl finds them: the listed routes, then what they link to.
    const arrivals: [PrerenderResult, PrerenderRoute][] = [
      [written('/docs', 'docs/index.html'), listed('/docs')],
      [written('/', 'index.html'), listed('/')],
      [written('/docs-a', 'docs-a/index.html'), listed('/docs-a')],
      [{ route: '/broken', status: 500, error: 'boom', ms: 0 }, listed('/broken')],
      [written('/Docs', 'Docs/index.html'), listed('/Docs')],
      [written('/caf%C3%A9', 'café/index.html'), listed('/caf%C3%A9')],
    ];
    for (const [result, target] of arrivals) held.add(result, target);
    expect(sink.tally.ok + sink.tally.failures.length).toBe(0);

    await held.flush();
    sink.closeManifest();
    await sink.sitemap?.finish();
    const order = ['/', '/Docs', '/caf%C3%A9', '/docs', '/docs-a'];
    expect((await readManifest(distDir)).map((entry) => entry.route)).toEqual(order);
    expect(sink.tally.failures).toEqual([{ route: '/broken', status: 500, error: 'boom' }]);
    const locs = [...readFileSync(join(publicDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['https://example.com/', 'https://example.com/Docs/', 'https://example.com/caf%C3%A9/', 'https://example.com/docs-a/', 'https://example.com/docs/']);
  });

  it('holds nothing once flushed: a second flush hands nothing on again', async () => {
    const distDir = tempDir('dist-');
    const sink = createRouteSink({ preset: 'static', configFile: null, distDir, publicDir: join(distDir, 'public'), sitemapHost: undefined, keepSitemapEntries: false, site: site(distDir) });
    const held = createSortedResults(sink, distDir);
    held.add(written('/b', 'b/index.html'), listed('/b'));
    held.add(written('/a', 'a/index.html'), listed('/a'));
    await held.flush();
    await held.flush();
    sink.closeManifest();
    expect(sink.tally.ok).toBe(2);
    expect((await readManifest(distDir)).map((entry) => entry.route)).toEqual(['/a', '/b']);
  });

  it('keeps results past a run on disk and hands them on the same, what a handler threw included', async () => {
    const distDir = tempDir('dist-');
    const seen: PrerenderResult[] = [];
    const sink = createRouteSink({ preset: 'static', configFile: null, distDir, publicDir: join(distDir, 'public'), sitemapHost: undefined, keepSitemapEntries: false, site: site(distDir), onRoute: (result) => void seen.push(result) });
    const held = createSortedResults(sink, distDir);
    const thrown = new Error('boom');
    const count = runSize * 2 + 10;
    // Added from the last route to the first: every run holds routes of the whole range.
    for (let i = count - 1; i >= 0; i--) {
      const route = `/p/${String(i).padStart(6, '0')}`;
      if (i % 1000 === 7) held.add({ route, status: 500, error: 'boom', thrown, ms: 1.5 }, listed(route));
      else held.add({ ...written(route, `p/${route.slice(3)}/index.html`), headers: [['cache-control', 'no-store']], written: { index: i, crc32: i * 31 } }, { route, sitemap: false, listedBy: 'src/x.ts' });
    }
    expect(readdirSync(distDir).filter((name) => name.startsWith('.sorted-runs-'))).toHaveLength(1);
    await held.flush();
    sink.closeManifest();
    expect(seen.map((result) => result.route)).toEqual(Array.from({ length: count }, (_, i) => `/p/${String(i).padStart(6, '0')}`));
    expect(seen.filter((result) => result.error !== undefined).every((result) => result.thrown === thrown)).toBe(true);
    expect(seen[8]).toEqual({ ...written('/p/000008', 'p/000008/index.html'), headers: [['cache-control', 'no-store']], written: { index: 8, crc32: 248 } });
    expect(sink.tally.failures).toHaveLength(Math.ceil((count - 7) / 1000));
    expect(readdirSync(distDir).filter((name) => name.startsWith('.sorted-runs-'))).toEqual([]);
  });
});
