// Memory of `prerender dev` over many saves (issue 11: RSS after 200 edits within 20% of RSS after
// 10). Starts the real bin on sample-site, saves a route edit and waits until it is served, again and
// again, and reads the whole process's RSS (every worker thread included) after 10 and after 200, as
// it is and after a garbage collection (collect-on-signal.mjs).
// `npm run bench` runs it; alone: `node bench/dev-memory.mjs` (after `npm run build`).
// Env: BENCH_DEV_EDITS (200).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { saveAndWait, withDevServer } from './dev-reload.mjs';
import { copySampleSite } from './fixtures.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * Saves `file` `edits` times, each served before the next, and returns the dev server's RSS in MB
 * after `early` edits and after all of them, each read once the last replaced build has ended: as it
 * is (`early`, `late`), and after a full garbage collection of its main thread (`earlyKept`,
 * `lateKept`; see collect-on-signal.mjs), which is what the target is about.
 */
export async function measureDevMemory(root, file, path, edits = Number(process.env.BENCH_DEV_EDITS ?? 200), early = 10) {
  const collect = ['--expose-gc', '--import', new URL('./collect-on-signal.mjs', import.meta.url).href];
  return withDevServer(
    root,
    path,
    async (url, pid) => {
      const rss = {};
      const kept = {};
      for (let i = 1; i <= edits; i++) {
        await saveAndWait(root, file, url, `edit-${i}`);
        if (i === early || i === edits) {
          // The replaced build's thread ends once it is idle; give it a moment.
          await sleep(1500);
          rss[i] = rssOf(pid);
          process.kill(pid, 'SIGUSR2');
          await sleep(1000);
          kept[i] = rssOf(pid);
        }
      }
      return { early: rss[early], late: rss[edits], earlyKept: kept[early], lateKept: kept[edits], edits, earlyEdits: early, ratio: kept[edits] / kept[early] };
    },
    collect,
  );
}

/** Resident memory of process `pid` in MB. */
function rssOf(pid) {
  if (process.platform === 'linux') {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'bench-dev-memory-'));
  try {
    const root = copySampleSite(join(repo, 'sample-site'), join(work, 'sample-site'));
    const result = await measureDevMemory(root, 'src/server/routes/api/v1/hello.ts', '/api/v1/hello');
    console.log(`dev RSS, sample-site: ${result.early.toFixed(0)} MB after ${result.earlyEdits} edits, ${result.late.toFixed(0)} MB after ${result.edits}`);
    console.log(`  after a garbage collection: ${result.earlyKept.toFixed(0)} MB and ${result.lateKept.toFixed(0)} MB, ratio ${result.ratio.toFixed(2)} (target: at most 1.20)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
