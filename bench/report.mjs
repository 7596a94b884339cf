// Turns the benchmark's medians into Markdown tables and puts them into bench/RESULTS.md, between
// markers, leaving the hand-written notes around them alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const markers = {
  full: ['<!-- bench:begin (written by npm run bench) -->', '<!-- bench:end -->'],
  quick: ['<!-- bench:quick:begin (written by npm run bench -- --quick) -->', '<!-- bench:quick:end -->'],
  throughput: ['<!-- bench:throughput:begin (written by npm run bench -- --throughput) -->', '<!-- bench:throughput:end -->'],
  incremental: ['<!-- bench:incremental:begin (written by npm run bench -- --incremental) -->', '<!-- bench:incremental:end -->'],
  prerender: ['<!-- bench:prerender:begin (written by npm run bench -- --prerender) -->', '<!-- bench:prerender:end -->'],
  shapes: ['<!-- bench:shapes:begin (written by npm run bench -- --shapes) -->', '<!-- bench:shapes:end -->'],
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
const count = (n) => n.toLocaleString('en-US');
const ratio = (n) => n.toFixed(2);

/** The tables of one benchmark run; `--throughput` measures only the throughput rows. */
export function formatTables({ machine, nitro, throughput, dev, prerender, scale, concurrency, links, bundling, sample, incremental, shapes }) {
  const lines = [`Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.`, ''];
  if (throughput) lines.push(...throughputTable(throughput));
  if (incremental && !nitro) lines.push(...incrementalTable(incremental));
  if (shapes && !nitro) lines.push(...shapesTable(shapes));
  if (!nitro) return lines.join('\n');
  lines.push(...nitroTable(nitro));
  if (sample) lines.push(
    `**sample-site, cold** (fresh process, no previous output): ${seconds(sample.check.ms)} with type checking (the default), ` +
      `${seconds(sample.noCheck.ms)} with --no-typecheck; peak RSS ${megabytes(sample.check.rss)}.`,
    '',
    `**Dev**: a saved route edit until \`prerender dev\` serves it, ${dev.sample.samples.length} edits each: sample-site median ` +
      `**${dev.sample.median.toFixed(0)} ms** (max ${dev.sample.max.toFixed(0)} ms); 1,000 route files median ` +
      `**${dev.thousand.median.toFixed(0)} ms** (max ${dev.thousand.max.toFixed(0)} ms); 1,000 route files after every route was requested once, median ` +
      `**${dev.browsed.median.toFixed(0)} ms** (max ${dev.browsed.max.toFixed(0)} ms). Target: 100 ms median.`,
  );
  if (dev?.memory) {
    const { early, late, earlyKept, lateKept, earlyEdits, edits } = dev.memory;
    lines.push(
      '',
      `**Dev memory**: RSS of \`prerender dev\` on sample-site (the whole process, every worker thread) after ${earlyEdits} saved edits ` +
        `${earlyKept.toFixed(0)} MB, after ${edits} ${lateKept.toFixed(0)} MB, each read after a garbage collection: **${ratio(lateKept / earlyKept)}x**. ` +
        `Read just before it: ${early.toFixed(0)} MB and ${late.toFixed(0)} MB. Target: at most 1.20x.`,
    );
  }
  if (prerender) lines.push('', ...prerenderTables(prerender, scale, concurrency, bundling));
  if (links) lines.push('', ...linksTable(links));
  if (incremental) lines.push('', ...incrementalTable(incremental));
  if (shapes) lines.push('', ...shapesTable(shapes));
  return lines.join('\n');
}

/**
 * Memory by route shape (bench/shapes.mjs): per shape and size, the peak RSS of the process tree, of
 * the build process alone, and of the prerender (the tree once the toolchain and the type check have
 * ended); and the cost per route at the largest size against the smallest.
 */
function shapesTable({ sizes, rows, runs }) {
  const cells = (size) => size === undefined ? ['', '', ''] : [megabytes(size.rss), megabytes(size.mainRss), size.aloneRss ? megabytes(size.aloneRss) : ''];
  const [small, large] = [sizes[0], sizes.at(-1)];
  const perRoute = (row, n) => row.sizes[n].cost / n;
  return [
    `**Memory by route shape** (SPEC section 7): the same routes reached in ${rows.length} ways, each a cold \`prerender build\` (the default ` +
      `command: type checking on, cache on) into a fresh output folder, sitemap on, ${runs} round${runs === 1 ? '' : 's'} (medians). ` +
      'Tree = peak summed RSS of the process tree; build = the build process\'s own peak RSS (its VmHWM: see max-rss.mjs); prerender = the tree\'s peak once the ' +
      'toolchain process and the type check have ended. Cost per route = (time at N - time at 0 routes) / N. Targets: 200 MB at ' +
      '100,000 routes, 400 MB at 1,000,000, cost per route at 1,000,000 within 1.2x that at 100,000.',
    '',
    // One size measured: no ratio of sizes to show.
    `| shape | ${sizes.map((n) => `${count(n)}: tree | build | prerender`).join(' | ')} | µs per route at ${count(large)} |${sizes.length > 1 ? ` at ${count(large)} / at ${count(small)} |` : ''}`,
    `|---|${sizes.map(() => '---:|---:|---:').join('|')}|---:|${sizes.length > 1 ? '---:|' : ''}`,
    ...rows.map(
      (row) =>
        `| (${row.key}) ${row.name} | ${sizes.flatMap((n) => cells(row.sizes[n])).join(' | ')} | ${(perRoute(row, large) * 1000).toFixed(0)} |` +
        `${sizes.length > 1 ? ` **${ratio(perRoute(row, large) / perRoute(row, small))}** |` : ''}`,
    ),
  ];
}

/** The incremental rows: a cold build and the rebuild the row names, per round; the ratio against its target. */
function incrementalTable(rows) {
  return [
    '**Incremental builds** (the cache, SPEC section 8): per round a cold build (no cache) and then the rebuild the row names, each a whole ' +
      '`prerender build` (type checking on, cache on) into a fresh output folder, as a CI job restoring only the cache runs. Ratio = rebuild / cold, per round, median.',
    '',
    '| rebuild | cold | rebuild | rebuild / cold | target | rebuild peak RSS |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${seconds(r.cold)} | ${seconds(r.again)} | **${ratio(r.ratio)}** | ${ratio(r.target)} | ${megabytes(r.rss)} |`),
  ];
}

/** Ours against Nitro 2: whole cold builds of the small site, and the prerender cost of 10,000 routes. */
function nitroTable(nitro) {
  const lines = [
    '**Against Nitro 2** (nitropack ' + nitro.version + ', `nitropack build`) on the same one-route-file site, cold, whole processes, ' +
      'alternating in each round; ours is `prerender build` with type checking on (the default). Ratio = ours / Nitro, per round, median.',
    '',
    '| routes | ours | Nitro 2 | ours / Nitro | our peak RSS | Nitro peak RSS |',
    '|---:|---:|---:|---:|---:|---:|',
    ...nitro.whole.map((r) => `| ${r.routes} | ${seconds(r.ours)} | ${seconds(r.nitro)} | **${ratio(r.ratio)}** | ${megabytes(r.oursRss)} | ${megabytes(r.nitroRss)} |`),
    '',
  ];
  for (const { routes, ours, nitro: theirs, faster, slowest } of nitro.prerender ?? []) {
    lines.push(
      `Prerender cost of ${count(routes)} routes (time at ${count(routes)} minus time at 0, same round): ours ${seconds(ours)}, Nitro ${seconds(theirs)}: ` +
        `**${ratio(faster)}x** faster (median of the rounds; **${ratio(slowest)}x** in the round least in our favour).`,
      '',
    );
  }
  return lines;
}

/** Requests per second and p99 latency of our built server and preview against Nitro 2's built server. */
function throughputTable({ rows, seconds, rounds, autocannon }) {
  const rps = (cell) => (cell ? count(Math.round(cell.rps)) : '');
  const ms = (cell) => (cell ? `${cell.p99} ms` : '');
  const times = (cell) => (cell ? `**${ratio(cell.ratio)}**` : '');
  const cpu = (cell) => (cell?.cpuPerRequest === undefined ? '' : `${cell.cpuPerRequest.toFixed(1)}`);
  const failures = rows.reduce((sum, row) => sum + ['ours', 'preview', 'nitro'].reduce((n, name) => n + (row[name]?.failures ?? 0), 0), 0);
  return [
    `**Throughput against Nitro 2**: autocannon ${autocannon}, ${seconds} s per measurement, ${rounds} rounds, the servers alternating in each ` +
      'round (all running, one loaded at a time, on this machine with the load generator); requests per second (mean of each second) and ' +
      'p99 latency, medians of the rounds; ratio = ours / Nitro per round, median; CPU = the server process\'s CPU time per request ' +
      '(µs; the load on a shared machine moves it less than the rates). The same site built by each tool and served by its own ' +
      'server: `node dist/<name>/server/index.mjs`, `prerender preview` (50 connections only) and Nitro\'s `node .output/server/index.mjs`. ' +
      '"static" is a prerendered 2 KB JSON file, "dynamic" a GET its handler answers.',
    '',
    '| request | connections | built server | preview | Nitro 2 | built / Nitro | preview / Nitro | p99 built | p99 preview | p99 Nitro | CPU built | CPU preview | CPU Nitro |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.target} | ${row.connections} | ${rps(row.ours)} | ${rps(row.preview)} | ${rps(row.nitro)} | ${times(row.ours)} | ${times(row.preview)} | ` +
        `${ms(row.ours)} | ${ms(row.preview)} | ${ms(row.nitro)} | ${cpu(row.ours)} | ${cpu(row.preview)} | ${cpu(row.nitro)} |`,
    ),
    '',
    `Errors, timeouts and non-2xx answers over every measurement: ${failures}.`,
    '',
  ];
}

/** The scale tables of a full run. */
function prerenderTables(prerender, scale, concurrency, bundling) {
  const { zero, sizes } = prerender;
  const lines = [];

  lines.push(
    '**Prerender**: one `[id].json` route, sitemap on, `prerender build` (the default command) as a whole process. ' +
      'Cost = time at N routes minus time at 0 routes (startup, config, bundling) in the same round, median of the rounds. ' +
      'Floor = `bench/floor.mjs`: the same bundle\'s `fetch` and a `writeFile` per body, 16 in flight, also minus its own 0-route run. ' +
      'Bare writes = `bench/bare-writes.mjs`: the same bytes written with `writeFileSync`, one file after another, into the same folder ' +
      'tree on the same disk (only that loop timed): the physical limit. Targets: cost at most 0.5x the floor and 2x the bare writes. ' +
      'CPU: the floor ratio in CPU time of all threads, which other load on the machine disturbs less.',
    '',
    '| routes | whole build | prerender cost | routes/s | floor cost | cost / floor | bare writes | cost / bare writes | CPU cost / floor | µs per route | peak RSS | floor peak RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| 0 | ${seconds(zero.ms)} | | | | | | | | | ${megabytes(zero.rss)} | ${megabytes(zero.floorRss)} |`,
  );
  const rows = sizes.map((row) => ({ ...row, perRoute: (row.cost * 1000) / row.routes }));
  for (const row of rows) {
    lines.push(
      `| ${count(row.routes)} | ${seconds(row.ms)} | ${seconds(row.cost)} | ${count(Math.round(row.routes / (row.cost / 1000)))} | ` +
        `${seconds(row.floorCost)} | **${ratio(row.cost / row.floorCost)}** | ${seconds(row.bare)} | **${ratio(row.bareRatio)}** | ${ratio(row.cpuRatio)} | ${row.perRoute.toFixed(0)} | ${megabytes(row.rss)} | ${megabytes(row.floorRss)} |`,
    );
  }
  if (rows.length > 1) {
    const [first, last] = [rows[0], rows.at(-1)];
    lines.push('', `Cost per route at ${count(last.routes)} / at ${count(first.routes)}: **${ratio(last.perRoute / first.perRoute)}** (1.00 = linear).`);
  }
  if (scale) {
    const perRoute = (scale.cost * 1000) / scale.routes;
    const at = rows.at(-1);
    lines.push(
      '',
      `**${count(scale.routes)} routes** (one run): ${seconds(scale.ms)} whole build, peak RSS **${megabytes(scale.rss)}**, ` +
        `${perRoute.toFixed(0)} µs per route` + (at ? `, **${ratio(perRoute / at.perRoute)}x** the cost per route at ${count(at.routes)}.` : '.'),
    );
  }

  if (concurrency) lines.push(
    '',
    '**Routes in flight** (`--concurrency`): prerender cost and routes/s, for the catalogue (handlers that return at once) ' +
      'and for 2,000 routes whose handler first waits 5 ms (as one reading a CMS or a database would).',
    '',
    '| in flight | 10,000 instant routes | routes/s | 2,000 routes waiting 5 ms | routes/s |',
    '|---:|---:|---:|---:|---:|',
    ...concurrency.map(({ level, instant, waiting }) =>
      `| ${level} | ${seconds(instant)} | ${count(Math.round(10_000 / (instant / 1000)))} | ${seconds(waiting)} | ${count(Math.round(2_000 / (waiting / 1000)))} |`,
    ),
  );

  if (!bundling) return lines;
  lines.push(
    '',
    '**Bundling**: route files in folders of 50, each importing h3 and a shared module, nothing prerendered; whole `prerender build`.',
    '',
    '| route files | with type checking | --no-typecheck |',
    '|---:|---:|---:|',
    ...bundling.map((b) => `| ${count(b.files)} | ${seconds(b.check.ms)} | ${seconds(b.noCheck.ms)} |`),
  );
  if (bundling.length > 2) {
    const step = (key, a, b) => (b[key].ms - a[key].ms) / (b.files - a.files);
    const [a, b, c] = bundling.slice(-3);
    lines.push(
      '',
      `Milliseconds per added file, ${count(a.files)}→${count(b.files)} then ${count(b.files)}→${count(c.files)} (equal = linear): ` +
        `type checking ${step('check', a, b).toFixed(1)} then ${step('check', b, c).toFixed(1)}; ` +
        `--no-typecheck ${step('noCheck', a, b).toFixed(1)} then ${step('noCheck', b, c).toFixed(1)}.`,
    );
  }

  return lines;
}

/** What the link check (prerender.links) costs: catalogues without and with links in their bodies, the check on and off. */
function linksTable({ routes, rows }) {
  const name = { catalogue: 'catalogue (no link in a body)', linked: 'catalogue, each item linking 4 others' };
  return [
    `**Link check** (\`prerender.links\`, on by default) at ${count(routes)} routes, sitemap on (read back and checked): prerender cost ` +
      '(time at N minus time at 0, same round) and CPU cost with the check on and off; peak RSS of the process tree, and of the build process alone.',
    '',
    '| site | cost, on | cost, off | on / off | CPU on / off | µs per route added (CPU) | peak RSS on / off | build process RSS on / off |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ site, on, off }) =>
        `| ${name[site]} | ${seconds(on.cost)} | ${seconds(off.cost)} | **${ratio(on.cost / off.cost)}** | ${ratio(on.cpu / off.cpu)} | ` +
        `${(((on.cpu - off.cpu) * 1000) / routes).toFixed(1)} | ${megabytes(on.rss)} / ${megabytes(off.rss)} | ${megabytes(on.mainRss)} / ${megabytes(off.mainRss)} |`,
    ),
  ];
}

/** Replaces the tables of a `full` or `quick` run in `file` (between their markers), or adds them. */
export function writeResults(file, tables, kind = 'full') {
  const [begin, end] = markers[kind];
  const block = `${begin}\n${tables}\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmark results\n\n${begin}\n${end}\n`;
  const at = text.indexOf(begin);
  const until = text.indexOf(end);
  const next = at === -1 || until === -1 ? `${text.trimEnd()}\n\n${block}\n` : text.slice(0, at) + block + text.slice(until + end.length);
  writeFileSync(file, next);
}
