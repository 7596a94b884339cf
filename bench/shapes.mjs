// Memory by route shape (SPEC section 7, issue 25 goal 3): for each shape of bench/shape-sites.mjs, a
// cold `prerender build` (the default command: type checking on, cache on) at 0 routes and at each size,
// in one round per run, each a whole process into a fresh output folder. Kept per build: the peak RSS
// of the process tree, the build process's own maxRSS, the tree's peak once the toolchain and the type
// check have ended (the prerender's share) and the time; cost per route = (time at N - time at 0) / N.
//
// Alone (after `npm run build`): `node bench/shapes.mjs [shape keys, e.g. ab] [sizes, e.g. 100000]`
// prints the rows as JSON. Env: BENCH_RUNS (rounds, default 1).
import { mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearCache } from './fixtures.mjs';
import { measure, median } from './measure.mjs';
import { shapes } from './shape-sites.mjs';

/** The sizes a full run measures each shape at. */
export const shapeSizes = [100_000, 1_000_000];

/**
 * Measures every shape of `keys` at 0 routes and at every size of `sizes`, `runs` rounds; returns
 * `{ sizes, rows: [{ key, name, sizes: { [n]: { ms, cost, rss, mainRss, aloneRss } } }] }` (medians).
 * `removeOutputs(label)`, when given, removes the output folders `freshOutput(label)` made: those of
 * the shapes measured before, when the disk of `outputs` lacks room for the next shape's (see below).
 */
export async function measureShapes({ cli, work, runs = 1, sizes = shapeSizes, keys, note, freshOutput, outputs, removeOutputs }) {
  const rows = [];
  const measured = shapes.filter((each) => !keys || keys.includes(each.key));
  const kept = [];
  for (const shape of measured) {
    // The outputs of the shapes before stay while the disk has room for this one's: files made
    // right after a large delete cost several times more on this disk (ext4 without a journal skips
    // the inodes freed in the last minutes), and this shape's builds would pay for the delete.
    if (removeOutputs && kept.length > 0 && !hasRoom(outputs ?? work, runs * sizes.reduce((sum, size) => sum + size, 0))) {
      for (const label of kept.splice(0)) await removeOutputs(label);
      note(`outputs removed for room; waiting ${pauseMs / 1000} s for the disk to reuse their inodes`);
      await sleep(pauseMs);
    }
    const site = shape.write(join(work, `shape-${shape.key}`));
    const build = (routes) => {
      clearCache(site);
      return measure([cli, 'build', site], { BENCH_ROUTES: String(routes), BENCH_OUT: freshOutput(`shape-${shape.key}`) });
    };
    const samples = Object.fromEntries([0, ...sizes].map((routes) => [routes, []]));
    for (let round = 0; round < runs; round++) {
      for (const routes of [0, ...sizes]) {
        const sample = await build(routes);
        samples[routes].push(sample);
        note(`shape ${shape.key}, ${routes} routes: ${(sample.ms / 1000).toFixed(2)}s, tree ${mb(sample.rss)}, build process ${mb(sample.mainRss)}, prerender ${mb(sample.aloneRss)}, machine CPU beside it ${seconds(sample.outsideCpu)}`);
      }
    }
    const at = (routes, key) => median(samples[routes].map((sample) => sample[key]));
    const costOf = (routes) => median(samples[routes].map((sample, i) => sample.ms - samples[0][i].ms));
    const bySize = Object.fromEntries(sizes.map((routes) => [routes, { ms: at(routes, 'ms'), cost: costOf(routes), rss: at(routes, 'rss'), mainRss: at(routes, 'mainRss'), aloneRss: at(routes, 'aloneRss') }]));
    rows.push({ key: shape.key, name: shape.name, sizes: bySize });
    rmSync(site, { recursive: true, force: true });
    kept.push(`shape-${shape.key}`);
  }
  return { sizes, rows, runs };
}

/**
 * Whether the disk holding `dir` has room for the outputs of `routes` more routes, twice over: two
 * inodes a route (a crawled page has a folder of its own) and a block of 4 kB each. All six shapes at
 * a million routes are some 8 million files and folders and 30 GB.
 */
function hasRoom(dir, routes) {
  const { ffree, bavail, bsize } = statfsSync(dir);
  return ffree > 2 * 2 * routes && bavail * bsize > 2 * 2 * 4096 * routes;
}

/**
 * The pause after outputs are removed (BENCH_SHAPE_PAUSE, ms): ext4 without a journal skips an inode
 * freed in the last 5 minutes while its table block is not written back (RECENTCY_DIRTY).
 */
const pauseMs = Number(process.env.BENCH_SHAPE_PAUSE ?? 300_000);

const mb = (bytes) => (bytes === null ? '-' : `${Math.round(bytes / 2 ** 20)} MB`);
const seconds = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const work = join(repo, '.bench');
  const outputs = join(work, `shapes-out-${process.pid}`);
  mkdirSync(outputs, { recursive: true });
  let made = 0;
  const [keys, sizes] = process.argv.slice(2);
  try {
    const result = await measureShapes({
      cli: join(repo, 'lib', 'cli', 'prerender.js'),
      work,
      runs: Number(process.env.BENCH_RUNS ?? 1),
      sizes: sizes ? sizes.split(',').map(Number) : shapeSizes,
      keys,
      note: (message) => process.stderr.write(`bench: ${message}\n`),
      freshOutput: (label) => join(outputs, `${label}-${made++}`),
      outputs,
      removeOutputs: async (label) => removeOutputsOf(outputs, label),
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    rmSync(outputs, { recursive: true, force: true });
  }
}

/** Removes the folders of `outputs` that `freshOutput(label)` made (`<label>-<n>`). */
export function removeOutputsOf(outputs, label) {
  for (const name of readdirSync(outputs)) if (name.startsWith(`${label}-`)) rmSync(join(outputs, name), { recursive: true, force: true });
}
