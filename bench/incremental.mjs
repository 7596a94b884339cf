// The incremental rows (SPEC section 7): each a cold build (no cache) and the rebuild the row names,
// in the same round, as whole `prerender build` processes (the default command: type checking on,
// cache on), each into a fresh output folder, as a CI job restoring only the cache would. Ratio =
// rebuild / cold, per round, median.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { editRouteFile, writePrerenderedFilesSite, writeSourceSite } from './fixtures.mjs';
import { measure, median } from './measure.mjs';
import { startSource } from './source.mjs';

/** The rows and their targets; `catalogue` is the bench's catalogue site (BENCH_ROUTES routes). */
export async function measureIncremental({ cli, work, runs, note, freshOutput, catalogue, catalogueRoutes }) {
  const build = (site, env = {}) => measure([cli, 'build', site], { BENCH_OUT: freshOutput('incremental'), ...env });
  const clearCache = (site) => rmSync(join(site, 'node_modules', '.cache', 'api-prerender'), { recursive: true, force: true });
  const rows = [];
  /** `runs` rounds of a cold build, `change()`, then the rebuild: the row's medians and ratio. */
  const row = async (name, target, site, change, env = {}) => {
    const pairs = [];
    for (let i = 0; i < runs; i++) {
      clearCache(site);
      const cold = await build(site, env);
      await change(i);
      const again = await build(site, env);
      pairs.push({ cold, again });
    }
    note(`${name}: ${pairs.map(({ cold, again }) => `${(cold.ms / 1000).toFixed(2)}s -> ${(again.ms / 1000).toFixed(2)}s`).join(', ')}`);
    rows.push({
      name,
      target,
      cold: median(pairs.map(({ cold }) => cold.ms)),
      again: median(pairs.map(({ again }) => again.ms)),
      ratio: median(pairs.map(({ cold, again }) => again.ms / cold.ms)),
      rss: median(pairs.map(({ again }) => again.rss)),
    });
  };

  const files = writePrerenderedFilesSite(join(work, 'incremental-files-1000'), 1000);
  await row('1,000 route files, nothing changed', 0.15, files, () => {});
  await row('1,000 route files, one edited', 0.35, files, (i) => editRouteFile(files, 500, i + 1));
  rmSync(files, { recursive: true, force: true });

  await row(`catalogue of ${catalogueRoutes.toLocaleString('en-US')} routes, nothing changed`, 0.3, catalogue, () => {}, { BENCH_ROUTES: String(catalogueRoutes) });
  clearCache(catalogue);

  const source = await startSource(2000, 50);
  const waiting = writeSourceSite(join(work, 'incremental-source'), 2000);
  try {
    await row('2,000 routes waiting 50 ms for a source, cacheKey, one item changed', 0.1, waiting, (i) => source.bump(1 + i * 7), { BENCH_SOURCE: source.url });
  } finally {
    await source.close();
    rmSync(waiting, { recursive: true, force: true });
  }
  return rows;
}
