// Preloaded with `node --import` by the benchmark: on exit, writes the process's peak resident set
// size (bytes) and the CPU time it used, all threads together (ms), as JSON to the file named by
// BENCH_RSS_FILE. Whole-process figures, as a deploy machine sees them.
//
// The peak is the process's own: on Linux its memory's high-water mark (VmHWM), not getrusage's
// maxRSS, which a spawned process inherits from its parent at exec. A build the bench started while
// the bench itself held 219 MB reported 219 MB with no route at all (measured 2026-11-29: every
// shape's 0-route build after the first million-route one). Elsewhere, maxRSS.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;

/** The peak resident set of this process since it started, in bytes (`maxRSS` in kB: the fallback). */
function peakRss(maxRSS) {
  const match = process.platform === 'linux' ? /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8')) : null;
  return (match ? Number(match[1]) : maxRSS) * 1024;
}

if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ rss: peakRss(usage.maxRSS), cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
}
