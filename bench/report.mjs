// Turns the benchmark's medians into Markdown tables and puts them into bench/RESULTS.md, between
// markers, leaving the hand-written notes around them alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const begin = '<!-- bench:begin (written by npm run bench) -->';
const end = '<!-- bench:end -->';
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
const count = (n) => n.toLocaleString('en-US');
const ratio = (n) => n.toFixed(2);

/** The tables of one benchmark run. */
export function formatTables({ machine, prerender, concurrency, bundling, sample }) {
  const { zero, sizes } = prerender;
  const lines = [`Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.`, ''];

  lines.push(
    '**Prerender**: one `[id].json` route, sitemap on, `prerender build --no-typecheck` as a whole process. ' +
      'Cost = time at N routes minus time at 0 routes (startup, config, bundling) in the same round, median of the rounds. ' +
      'Floor = `bench/floor.mjs`: the same bundle\'s `fetch` and a `writeFile` per body, 16 in flight, also minus its own 0-route run. ' +
      'CPU: the same ratio in CPU time of all threads, which other load on the machine disturbs less.',
    '',
    '| routes | whole build | prerender cost | routes/s | floor cost | cost / floor | CPU cost / floor | µs per route | peak RSS | floor peak RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| 0 | ${seconds(zero.ms)} | | | | | | | ${megabytes(zero.rss)} | ${megabytes(zero.floorRss)} |`,
  );
  const rows = sizes.map((row) => ({ ...row, perRoute: (row.cost * 1000) / row.routes }));
  for (const row of rows) {
    lines.push(
      `| ${count(row.routes)} | ${seconds(row.ms)} | ${seconds(row.cost)} | ${count(Math.round(row.routes / (row.cost / 1000)))} | ` +
        `${seconds(row.floorCost)} | **${ratio(row.cost / row.floorCost)}** | ${ratio(row.cpuRatio)} | ${row.perRoute.toFixed(0)} | ${megabytes(row.rss)} | ${megabytes(row.floorRss)} |`,
    );
  }
  if (rows.length > 1) {
    const [first, last] = [rows[0], rows.at(-1)];
    lines.push('', `Cost per route at ${count(last.routes)} / at ${count(first.routes)}: **${ratio(last.perRoute / first.perRoute)}** (1.00 = linear).`);
  }

  lines.push(
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

  lines.push(
    '',
    `**sample-site, cold** (fresh process, no previous output): ${seconds(sample.check.ms)} with type checking, ` +
      `${seconds(sample.noCheck.ms)} with --no-typecheck; peak RSS ${megabytes(sample.check.rss)}.`,
  );
  return lines.join('\n');
}

/** Replaces the tables in `file` (between the markers), or creates the file around them. */
export function writeResults(file, tables) {
  const block = `${begin}\n${tables}\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmark results\n\n${begin}\n${end}\n`;
  const at = text.indexOf(begin);
  const until = text.indexOf(end);
  const next = at === -1 || until === -1 ? `${text.trimEnd()}\n\n${block}\n` : text.slice(0, at) + block + text.slice(until + end.length);
  writeFileSync(file, next);
}
