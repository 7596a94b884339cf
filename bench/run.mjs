// `npm run bench`: whole-process `prerender build` runs on generated sites, as users run it (type
// checking on), against a raw floor and against Nitro 2, measured in the same run. Prints the tables
// and writes them into bench/RESULTS.md. `npm run bench -- --quick`: the small-site rows only;
// `npm run bench -- --incremental`: only the incremental rows (the cache);
// `npm run bench -- --throughput`: only the requests per second of the built server against Nitro's;
// `npm run bench -- --prerender`: only the prerender rows (builds, floor, bare writes, Nitro).
// `npm run bench -- --shapes`: only the memory by route shape (bench/shapes.mjs).
//
// Env: BENCH_RUNS (runs per measurement, median taken; default 3), BENCH_SIZES (default
// 10000,100000), BENCH_MILLION (routes of the one-run scale row and of the shapes' second size;
// default 1000000, 0 skips it), BENCH_SHAPE_RUNS (rounds of the shapes' rows; default 1),
// BENCH_SHAPE_PAUSE (ms waited after shapes' outputs are removed for room; default 300000),
// BENCH_SHAPE_SIZES (the shapes' route counts; default 100000 and BENCH_MILLION),
// BENCH_FILES (route-file counts for the bundling rows; default 1,250,1000), BENCH_SECONDS (seconds
// of each throughput measurement; default 10).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearCache, copySampleSite, itemBody, itemRoute, routeFilesPaths, writeCatalogueSite, writeLinkedCatalogueSite, writeRouteFilesSite, writeSlowSite } from './fixtures.mjs';
import { againstNitro } from './against-nitro.mjs';
import { measureDevMemory } from './dev-memory.mjs';
import { measureDevReload } from './dev-reload.mjs';
import { measureIncremental } from './incremental.mjs';
import { measure, median } from './measure.mjs';
import { formatTables, writeResults } from './report.mjs';
import { measureShapes, removeOutputsOf } from './shapes.mjs';
import { measureThroughput } from './throughput.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = join(repo, '.bench');
const cli = join(repo, 'lib', 'cli', 'prerender.js');
const floorScript = fileURLToPath(new URL('./floor.mjs', import.meta.url));
const bareScript = fileURLToPath(new URL('./bare-writes.mjs', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const fileCounts = (process.env.BENCH_FILES ?? '1,250,1000').split(',').map(Number);
const million = Number(process.env.BENCH_MILLION ?? 1_000_000);
const quick = process.argv.includes('--quick');
const throughputOnly = process.argv.includes('--throughput');
const incrementalOnly = process.argv.includes('--incremental');
const prerenderOnly = process.argv.includes('--prerender');
const shapesOnly = process.argv.includes('--shapes');
const kind = throughputOnly ? 'throughput' : incrementalOnly ? 'incremental' : prerenderOnly ? 'prerender' : shapesOnly ? 'shapes' : quick ? 'quick' : 'full';
const note = (message) => process.stderr.write(`bench: ${message}\n`);
const started = performance.now();
const machine = `${availableParallelism()} CPUs, Node ${process.versions.node}, ${process.platform}; ${runs} runs each, medians`;

// Outputs are never deleted between runs, only at the end: on a file system without a journal
// (this machine's), ext4 skips inodes freed in the last minutes, so files created right after a big
// delete cost up to ten times more, and whichever run came after the delete would pay for it.
const outputs = join(work, 'out');
const leftovers = join(work, `out-old-${process.pid}`);
if (existsSync(outputs)) renameSync(outputs, leftovers);
mkdirSync(outputs, { recursive: true });
let outputCount = 0;
const freshOutput = (label) => join(outputs, `${label}-${outputCount++}`);

/** Runs `once` `runs` times and keeps the median time and peak RSS. */
async function sample(label, once) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await once());
  note(`${label}: ${samples.map((s) => (s.ms / 1000).toFixed(2) + 's').join(' ')}`);
  const middle = (key) => median(samples.map((s) => s[key]));
  return { ms: middle('ms'), rss: middle('rss'), cpu: middle('cpu') };
}

/**
 * Runs every step once per round, `runs` rounds, and returns each step's samples by name. A cost is
 * then a difference within one round (a step minus its 0-route step), so load that comes and goes on
 * the shared machine hits both sides of it.
 */
async function rounds(steps) {
  const samples = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) for (const [name, step] of Object.entries(steps)) samples[name].push(await step());
  for (const [name, list] of Object.entries(samples)) note(`${name}: ${list.map((s) => (s.ms / 1000).toFixed(2) + 's').join(' ')}`);
  return samples;
}
const middle = (list, key = 'ms') => median(list.map((s) => s[key]));
/** The median over rounds of `list` minus `zero` (same round). */
const pairedCost = (list, zero, key = 'ms') => median(list.map((s, i) => s[key] - zero[i][key]));

/** `prerender build <site>`, the default command, cold (no cache), for `routes` routes into a fresh output folder. */
const buildSite = (site, routes, extra = [], env = {}) => {
  clearCache(site);
  return measure([cli, 'build', site, ...extra], { BENCH_ROUTES: String(routes), BENCH_OUT: freshOutput('build'), ...env });
};

/** The memory-by-shape rows: every shape at 100,000 routes and at BENCH_MILLION, BENCH_SHAPE_RUNS rounds. */
const shapeSizes = process.env.BENCH_SHAPE_SIZES ? process.env.BENCH_SHAPE_SIZES.split(',').map(Number) : [100_000, million].filter((size) => size > 0);
const shapeRuns = Number(process.env.BENCH_SHAPE_RUNS ?? 1);
const measureShapeRows = () => measureShapes({ cli, work, runs: shapeRuns, sizes: shapeSizes, note, freshOutput, outputs, removeOutputs: (label) => removeOutputsOf(outputs, label) });

if (shapesOnly) finish(formatTables({ machine: machine.replace(/\d+ runs each/, `${shapeRuns} run${shapeRuns === 1 ? '' : 's'} each`), shapes: await measureShapeRows() }));

if (incrementalOnly) {
  const catalogue = writeCatalogueSite(join(work, 'catalogue'));
  finish(formatTables({ machine, incremental: await measureIncremental({ cli, work, runs, note, freshOutput, catalogue, catalogueRoutes: 100_000 }) }));
}

// Requests per second of the built server and preview against Nitro's built server, same site.
const throughput = prerenderOnly ? undefined : await measureThroughput({ cli, work, runs, seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: [50, 200], note });
if (throughputOnly) finish(formatTables({ machine, throughput }));

// One catalogue site; the route count is an env var, so every size has the same bundle.
const catalogue = writeCatalogueSite(join(work, 'catalogue'));
const nitro = await againstNitro({ cli, site: catalogue, work, runs, prerenderSizes: quick ? [] : sizes, freshOutput, note });
if (prerenderOnly) finish(formatTables({ machine, nitro, prerender: await measurePrerender() }));
const sampleSite = copySampleSite(join(repo, 'sample-site'), join(work, 'sample-site'));
const clearSample = () => (rmSync(join(sampleSite, 'dist'), { recursive: true, force: true }), clearCache(sampleSite));
const cold = (args) => () => (clearSample(), measure([cli, 'build', sampleSite, ...args]));
const sampleCheck = await sample('sample-site', cold([]));
const sampleNoCheck = await sample('sample-site --no-typecheck', cold(['--no-typecheck']));
clearSample();
// Dev: a saved route edit until it is served, on sample-site and on a site of 1,000 route files.
note('dev reload: sample-site');
const devSample = await measureDevReload(sampleSite, 'src/server/routes/api/v1/hello.ts', '/api/v1/hello');
const thousand = writeRouteFilesSite(join(work, 'dev-files-1000'), 1000);
note('dev reload: 1,000 route files');
const devThousand = await measureDevReload(thousand, 'src/server/routes/api/group-0/route-0.get.ts', '/api/group-0/route-0');
note('dev reload: 1,000 route files, every route requested first');
const devBrowsed = await measureDevReload(thousand, 'src/server/routes/api/group-0/route-0.get.ts', '/api/group-0/route-0', { requested: routeFilesPaths(1000) });
rmSync(thousand, { recursive: true, force: true });
note('dev memory: 200 edits on sample-site');
const devMemory = await measureDevMemory(sampleSite, 'src/server/routes/api/v1/hello.ts', '/api/v1/hello');
const dev = { sample: devSample, thousand: devThousand, browsed: devBrowsed, memory: devMemory };
if (quick) finish(formatTables({ machine, nitro, throughput, dev, sample: { check: sampleCheck, noCheck: sampleNoCheck } }));

const prerender = await measurePrerender();

// The link check (prerender.links, on by default): the catalogue, whose items hold no link, and one
// whose items link to four others each, with the check on and off, at the largest size.
const linkRoutes = sizes.at(-1);
const linkedSite = writeLinkedCatalogueSite(join(work, 'linked'));
const off = { BENCH_LINKS: 'false' };
const linkRounds = await rounds({
  'catalogue 0': () => buildSite(catalogue, 0),
  'catalogue, links on': () => buildSite(catalogue, linkRoutes),
  'catalogue, links off': () => buildSite(catalogue, linkRoutes, [], off),
  'linked 0': () => buildSite(linkedSite, 0),
  'linked, links on': () => buildSite(linkedSite, linkRoutes),
  'linked, links off': () => buildSite(linkedSite, linkRoutes, [], off),
});
const linkRow = (site, zero) => ({
  site,
  on: { cost: pairedCost(linkRounds[`${site}, links on`], linkRounds[zero]), cpu: pairedCost(linkRounds[`${site}, links on`], linkRounds[zero], 'cpu'), rss: middle(linkRounds[`${site}, links on`], 'rss'), mainRss: middle(linkRounds[`${site}, links on`], 'mainRss') },
  off: { cost: pairedCost(linkRounds[`${site}, links off`], linkRounds[zero]), cpu: pairedCost(linkRounds[`${site}, links off`], linkRounds[zero], 'cpu'), rss: middle(linkRounds[`${site}, links off`], 'rss'), mainRss: middle(linkRounds[`${site}, links off`], 'mainRss') },
});
const links = { routes: linkRoutes, rows: [linkRow('catalogue', 'catalogue 0'), linkRow('linked', 'linked 0')] };

// Routes in flight: handlers that return at once, and handlers that wait 5 ms (a CMS, a database).
const slow = writeSlowSite(join(work, 'slow'), 5);
const levels = [1, 4, 16, 64];
const flag = (level) => ['--concurrency', String(level)];
const inFlight = await rounds({
  'catalogue 0': () => buildSite(catalogue, 0),
  ...Object.fromEntries(levels.map((level) => [`catalogue 10000, ${level} in flight`, () => buildSite(catalogue, 10_000, flag(level))])),
  'waiting 0': () => buildSite(slow, 0),
  ...Object.fromEntries(levels.map((level) => [`waiting 2000, ${level} in flight`, () => buildSite(slow, 2_000, flag(level))])),
});
const concurrency = levels.map((level) => ({
  level,
  instant: pairedCost(inFlight[`catalogue 10000, ${level} in flight`], inFlight['catalogue 0']),
  waiting: pairedCost(inFlight[`waiting 2000, ${level} in flight`], inFlight['waiting 0']),
}));

// Bundling: many route files, nothing prerendered, with and without type checking.
const bundling = [];
for (const count of fileCounts) {
  const site = writeRouteFilesSite(join(work, `files-${count}`), count);
  const coldBuild = (extra) => () => (clearCache(site), measure([cli, 'build', site, ...extra], { BENCH_OUT: freshOutput('files') }));
  const check = await sample(`${count} files, typecheck`, coldBuild([]));
  const noCheck = await sample(`${count} files, --no-typecheck`, coldBuild(['--no-typecheck']));
  bundling.push({ files: count, check, noCheck });
  rmSync(site, { recursive: true, force: true });
}

// Incremental builds: a rebuild against the cold build of the same round.
const incremental = await measureIncremental({ cli, work, runs, note, freshOutput, catalogue, catalogueRoutes: 100_000 });

// Memory by route shape; a million routes of the first shape (the catalogue, a run takes minutes)
// is also the scale row: completes, peak RSS, and cost per route.
const shapes = await measureShapeRows();
const catalogueAtScale = shapes.rows[0].sizes[million];
const scale = catalogueAtScale && { routes: million, ms: catalogueAtScale.ms, cost: catalogueAtScale.cost, rss: catalogueAtScale.rss };

finish(formatTables({ machine, nitro, throughput, dev, prerender, scale, concurrency, links, bundling, incremental, shapes, sample: { check: sampleCheck, noCheck: sampleNoCheck } }));

/**
 * Prerender at scale: per round, the build, the floor and the bare writes at 0 routes and at every
 * size, alternating, each into a fresh folder of the same disk.
 */
async function measurePrerender() {
  const floorServer = join(work, 'floor-server', 'index.mjs');
  const first = freshOutput('bundle');
  clearCache(catalogue);
  await measure([cli, 'build', catalogue, '--no-typecheck'], { BENCH_ROUTES: '0', BENCH_OUT: first });
  mkdirSync(join(work, 'floor-server'), { recursive: true });
  cpSync(join(first, 'site', 'server', 'index.mjs'), floorServer);
  // The bare writes write the bytes the build writes: checked on a small build.
  const sample = freshOutput('bytes');
  await measure([cli, 'build', catalogue, '--no-typecheck'], { BENCH_ROUTES: '3', BENCH_OUT: sample });
  const written = readFileSync(join(sample, 'site', 'public', itemRoute(2).slice(1)), 'utf8');
  if (written !== itemBody(2)) throw new Error(`The build wrote ${written} where bare-writes.mjs writes ${itemBody(2)}: bench/fixtures.mjs's itemBody no longer matches the catalogue's route.`);
  const runFloor = (routes) => measure([floorScript, floorServer, String(routes), join(freshOutput('floor'), 'public')]);
  // The bare writes' own loop time (the script says it), not its process's.
  const runBare = (routes) => {
    const run = spawnSync(process.execPath, [bareScript, String(routes), join(freshOutput('bare'), 'public')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bare-writes.mjs exited ${run.status}:\n${run.stderr}`);
    return { ms: JSON.parse(run.stdout).ms };
  };

  // Builds, floors and bare writes, 0 routes and every size, alternate within each round.
  const steps = {};
  for (const routes of [0, ...sizes]) {
    steps[`build ${routes}`] = () => buildSite(catalogue, routes);
    steps[`floor ${routes}`] = () => runFloor(routes);
    if (routes > 0) steps[`bare ${routes}`] = async () => runBare(routes);
  }
  const measured = await rounds(steps);
  const [zeroBuild, zeroFloor] = [measured['build 0'], measured['floor 0']];
  /** One row: the build's medians and paired costs, against the floor of the same size. */
  const row = (routes) => {
    const [build, floor, bare] = [measured[`build ${routes}`], measured[`floor ${routes}`], measured[`bare ${routes}`]];
    return {
      routes,
      ms: middle(build),
      cost: pairedCost(build, zeroBuild),
      floorCost: pairedCost(floor, zeroFloor),
      bare: middle(bare),
      // Per round: the build's cost against the bare writes of the same round.
      bareRatio: median(build.map((s, i) => (s.ms - zeroBuild[i].ms) / bare[i].ms)),
      cpuRatio: pairedCost(build, zeroBuild, 'cpu') / pairedCost(floor, zeroFloor, 'cpu'),
      rss: middle(build, 'rss'),
      floorRss: middle(floor, 'rss'),
    };
  };
  const prerender = {
    zero: { ms: middle(zeroBuild), rss: middle(zeroBuild, 'rss'), floorRss: middle(zeroFloor, 'rss') },
    sizes: sizes.map(row),
  };
  return prerender;
}

/** Prints and records the tables, removes the outputs, and ends the run. */
function finish(tables) {
  process.stdout.write(tables + '\n');
  writeResults(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), tables, kind);
  note(`measured in ${((performance.now() - started) / 1000).toFixed(0)}s; tables written; removing the outputs`);
  rmSync(outputs, { recursive: true, force: true });
  rmSync(leftovers, { recursive: true, force: true });
  process.exit(0);
}
