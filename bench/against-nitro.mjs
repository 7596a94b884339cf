// The catalogue built by us and by Nitro 2 in the same rounds: the whole cold build of the one-route
// site with 0 and with 10 routes (the fixed cost every build pays, which most sites are made of), and
// the prerender cost of each of `prerenderSizes` routes. Both as whole processes, the command each
// tool's users run: ours with type checking on (the default), Nitro's `nitropack build`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { clearCache } from './fixtures.mjs';
import { measure, median } from './measure.mjs';
import { ensureNitro, nitroCacheFolder, nitroVersion, writeNitroCatalogue } from './nitro.mjs';

/**
 * Measures both tools on `site` (our catalogue) and its Nitro twin, alternating within each of `runs`
 * rounds so that load that comes and goes hits both. No `prerenderSizes`: no prerender rows.
 */
export async function againstNitro({ cli, site, work, runs, prerenderSizes = [], freshOutput, note }) {
  const nitroCli = ensureNitro(note);
  const nitroSite = writeNitroCatalogue(join(work, 'nitro-catalogue'));
  // Cold for both: our cache and Nitro's config loader's transpile cache live in node_modules/.cache.
  const ours = (routes) => () => (clearCache(site), measure([cli, 'build', site], { BENCH_ROUTES: String(routes), BENCH_OUT: freshOutput('ours') }));
  const nitro = (routes) => () => {
    rmSync(join(nitroCacheFolder, 'node_modules', '.cache'), { recursive: true, force: true });
    return measure([nitroCli, 'build', nitroSite], { BENCH_ROUTES: String(routes), BENCH_OUT: freshOutput('nitro') }, nitroSite);
  };
  const sizes = [0, 10, ...prerenderSizes];
  const samples = {};
  for (let round = 0; round < runs; round++) {
    for (const routes of sizes) {
      for (const [tool, run] of [['ours', ours], ['nitro', nitro]]) (samples[`${tool} ${routes}`] ??= []).push(await run(routes)());
    }
  }
  for (const [name, list] of Object.entries(samples)) note(`${name}: ${list.map((s) => (s.ms / 1000).toFixed(2) + 's').join(' ')}`);
  const ms = (name) => median(samples[name].map((s) => s.ms));
  const rss = (name) => median(samples[name].map((s) => s.rss));
  // A ratio per round (ours / Nitro's in the same round), then the median of those.
  const ratio = (a, b) => median(samples[a].map((s, i) => s.ms / samples[b][i].ms));
  const whole = [0, 10].map((routes) => ({
    routes,
    ours: ms(`ours ${routes}`),
    nitro: ms(`nitro ${routes}`),
    ratio: ratio(`ours ${routes}`, `nitro ${routes}`),
    oursRss: rss(`ours ${routes}`),
    nitroRss: rss(`nitro ${routes}`),
  }));
  // The prerender cost of N routes: the time at N minus the time at 0, of the same tool in the same
  // round; how many times faster ours is, per round (the target holds in every run: the slowest too).
  const costs = (tool, routes) => samples[`${tool} ${routes}`].map((s, i) => s.ms - samples[`${tool} 0`][i].ms);
  const prerender = prerenderSizes.map((routes) => {
    const [ours, nitro] = [costs('ours', routes), costs('nitro', routes)];
    const faster = nitro.map((theirs, i) => theirs / ours[i]);
    return { routes, ours: median(ours), nitro: median(nitro), faster: median(faster), slowest: Math.min(...faster) };
  });
  return { version: nitroVersion, whole, prerender };
}
